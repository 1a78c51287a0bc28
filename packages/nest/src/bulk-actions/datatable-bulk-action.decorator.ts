import { applyDecorators, createParamDecorator, HttpCode, SetMetadata, UseInterceptors } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { DatabaseUnavailableInterceptor } from '../common/database-unavailable.interceptor.js';
import { ApiDocs } from '../common/api-docs.decorator.js';
import type { DataTableOptions } from '../datatables/internal.js';
import { BULK_ACTION_OPTIONS, BULK_REQUEST } from './bulk-action.constants.js';
import { ALL_PARAMETER, CONFIRM_PARAMETER } from './bulk-consent.parser.js';
import { DataTableBulkInterceptor, type RequestWithBulk } from './datatable-bulk.interceptor.js';
import type { BulkRequest } from './bulk-request.query.js';

/**
 * Makes a POST route an action over every row a data-table request selects: the body holds the
 * list's parameters (form-encoded or JSON, as the list's POST transport takes them) read under
 * `options` (the list's `@DataTable` options), plus `all` and `confirm`. The handler takes the
 * request with `@BulkSelection()` and turns it into the selection of its base query. Permissions
 * are the route's own (`@RequirePermissions`), checked before the body is read. Answers 200.
 */
export function DataTableBulkAction<T extends object = object>(options: DataTableOptions<T> = {}): MethodDecorator {
  return applyDecorators(
    SetMetadata(BULK_ACTION_OPTIONS, options),
    HttpCode(200),
    UseInterceptors(DatabaseUnavailableInterceptor, DataTableBulkInterceptor),
    ApiDocs(({ ApiBody, ApiConsumes, ApiBadRequestResponse, ApiConflictResponse }) => [
      ApiConsumes('application/json', 'application/x-www-form-urlencoded'),
      ApiBody({
        description:
          "The list's parameters (search, filters, searchBuilder, searchPanes; paging and ordering are not used), " +
          `plus ${ALL_PARAMETER}=true to act on every row when there is no condition, and ${CONFIRM_PARAMETER}=<n> ` +
          'to act only when exactly n rows match',
        schema: { type: 'object', additionalProperties: true },
      }),
      ApiBadRequestResponse({
        description: `A parameter is invalid, or the request has no condition and no ${ALL_PARAMETER}=true`,
      }),
      ApiConflictResponse({ description: `The number of matching rows is not the one ${CONFIRM_PARAMETER} names` }),
    ]),
  );
}

/** The parameter of a `@DataTableBulkAction` handler that receives its {@link BulkRequest}. */
export const BulkSelection = createParamDecorator((_data: unknown, context: ExecutionContext): BulkRequest => {
  const bulk = context.switchToHttp().getRequest<RequestWithBulk>()[BULK_REQUEST];
  if (!bulk) throw new Error('@BulkSelection() is only for the handler of a @DataTableBulkAction route');
  return bulk;
});
