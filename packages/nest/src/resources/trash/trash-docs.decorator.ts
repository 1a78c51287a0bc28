import { ApiDocs } from '../../common/api-docs.decorator.js';

/** The OpenAPI documentation of a resource's trash routes (nothing without @nestjs/swagger). */
export const TrashDocs = {
  list: () =>
    ApiDocs(({ ApiOkResponse, ApiNotFoundResponse }) => [
      ApiOkResponse({
        description:
          "The deleted records as the list's envelope (its search, ordering, filters and paging), " +
          'with permissions { restore, purge }',
      }),
      ApiNotFoundResponse({ description: 'The entity has no @DeleteDateColumn, so no trash' }),
    ]),
  restore: () =>
    ApiDocs(({ ApiParam, ApiOkResponse, ApiNotFoundResponse }) => [
      ApiParam({ name: 'id', type: Number, description: 'Record id' }),
      ApiOkResponse({ description: 'The restored record' }),
      ApiNotFoundResponse({ description: 'No such record in the trash, or no trash' }),
    ]),
  purge: () =>
    ApiDocs(({ ApiQuery }) => [
      ApiQuery({
        name: 'purge',
        required: false,
        schema: { type: 'string', enum: ['true', 'false'] },
        description:
          'true: delete for good (the purge permission; 404 when the resource does not serve it); ' +
          'absent or false: to the trash when the entity has a @DeleteDateColumn',
      }),
    ]),
};
