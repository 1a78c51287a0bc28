import { applyDecorators, type Type } from '@nestjs/common';
import { ApiDocs } from '../common/api-docs.decorator.js';

const IdParam = ApiDocs(({ ApiParam }) => [ApiParam({ name: 'id', type: Number, description: 'Record id' })]);

const IfMatchDocs = ApiDocs(({ ApiHeader, ApiPreconditionFailedResponse }) => [
  ApiHeader({
    name: 'If-Match',
    required: false,
    description: 'The ETag of the version the change starts from (entities with a @VersionColumn)',
  }),
  ApiPreconditionFailedResponse({ description: 'The record changed since that version: `current` is it now' }),
]);

const postedParameters = (description: string) =>
  ApiDocs(({ ApiBody, ApiConsumes }) => [
    ApiConsumes('application/json', 'application/x-www-form-urlencoded'),
    ApiBody({ description, schema: { type: 'object', additionalProperties: true } }),
  ]);

/** The OpenAPI documentation of a `DataTableResource`'s routes (nothing without @nestjs/swagger). */
export const ResourceDocs = {
  controller: (name: string) =>
    ApiDocs(({ ApiTags, ApiBadRequestResponse, ApiUnauthorizedResponse, ApiForbiddenResponse }) => [
      ApiTags(name),
      ApiBadRequestResponse({ description: 'A parameter or a body field is invalid; the message names it' }),
      ApiUnauthorizedResponse({ description: 'No authenticated user' }),
      ApiForbiddenResponse({ description: 'The user lacks the permission' }),
    ]),
  query: () => postedParameters("The list's query parameters (see its GET route), as a JSON object or form-encoded"),
  exportByPost: () =>
    postedParameters("The list's query parameters and format, bom, fields, as a JSON object or form-encoded"),
  retrieve: () =>
    applyDecorators(
      IdParam,
      ApiDocs(({ ApiOkResponse, ApiNotFoundResponse }) => [
        ApiOkResponse({ description: 'The record' }),
        ApiNotFoundResponse({ description: 'No such record' }),
      ]),
    ),
  create: (dto: Type | undefined) =>
    ApiDocs(({ ApiBody, ApiCreatedResponse, ApiConflictResponse }) => [
      ApiBody({ type: dto }),
      ApiCreatedResponse({ description: 'The created record' }),
      ApiConflictResponse({ description: 'The record would break a unique constraint' }),
    ]),
  update: (dto: Type | undefined) =>
    applyDecorators(
      IdParam,
      IfMatchDocs,
      ApiDocs(({ ApiBody, ApiOkResponse, ApiNotFoundResponse, ApiConflictResponse }) => [
        ApiBody({ type: dto }),
        ApiOkResponse({ description: 'The updated record' }),
        ApiNotFoundResponse({ description: 'No such record' }),
        ApiConflictResponse({ description: 'The record would break a unique constraint' }),
      ]),
    ),
  partialUpdate: (dto: Type | undefined) =>
    applyDecorators(
      IdParam,
      IfMatchDocs,
      ApiDocs(({ ApiBody, ApiOkResponse, ApiNotFoundResponse, ApiConflictResponse }) => [
        ApiBody({ description: `Only the fields to change, each as ${dto?.name ?? 'the update body'} has it` }),
        ApiOkResponse({ description: 'The updated record' }),
        ApiNotFoundResponse({ description: 'No such record' }),
        ApiConflictResponse({ description: 'The record would break a unique constraint' }),
      ]),
    ),
  remove: () =>
    applyDecorators(
      IdParam,
      ApiDocs(({ ApiNoContentResponse, ApiNotFoundResponse }) => [
        ApiNoContentResponse({ description: 'Record removed' }),
        ApiNotFoundResponse({ description: 'No such record' }),
      ]),
    ),
  editor: () =>
    applyDecorators(
      postedParameters("Editor's submission: action (create, edit, remove, read), data[<row id>][<field>], ids[]"),
      ApiDocs(({ ApiOkResponse }) => [
        ApiOkResponse({
          description:
            'The rows as they now are (data, each with its DT_RowId), or fieldErrors [{ name, status }], or error; ' +
            "with editor.options, the form fields' choices (options: { <field>: [{ label, value }] }) to a user who may create or update",
          schema: { type: 'object', properties: { data: { type: 'array', items: { type: 'object' } } } },
        }),
      ]),
    ),
  history: () =>
    applyDecorators(
      IdParam,
      ApiDocs(({ ApiOkResponse, ApiNotFoundResponse, ApiQuery }) => [
        ApiQuery({ name: 'page', required: false, type: Number, description: 'Page, from 1' }),
        ApiQuery({ name: 'size', required: false, type: Number, description: 'Revisions per page, 1 to 100 (20)' }),
        ApiOkResponse({ description: 'The revisions of the record, newest first: { page, size, total, revisions }' }),
        ApiNotFoundResponse({ description: 'No such record in your scope' }),
      ]),
    ),
  restore: () =>
    applyDecorators(
      IdParam,
      ApiDocs(({ ApiParam, ApiOkResponse, ApiNotFoundResponse }) => [
        ApiParam({ name: 'revision', type: Number, description: 'Revision id' }),
        ApiOkResponse({ description: 'The record as the restore left it' }),
        ApiNotFoundResponse({ description: 'No such record in your scope, or no such revision of it' }),
      ]),
    ),
  bulkDelete: () =>
    ApiDocs(({ ApiOkResponse }) => [
      ApiOkResponse({
        description: 'The records removed',
        schema: { type: 'object', properties: { deleted: { type: 'integer' } } },
      }),
    ]),
};
