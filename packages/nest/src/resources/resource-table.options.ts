import type { ObjectLiteral } from 'typeorm';
import type { HttpRequest } from '../common/http-platform.reader.js';
import type { DataTableOptions } from '../datatables/internal.js';
import type { DataTableResourceOptions, ResourceAction } from './datatable-resource.options.js';

/** Where the list route leaves the record URL of each row for the `actions: true` links. */
const RECORD_URLS = Symbol('widgetlib.resource-record-urls');
type RequestWithRecordUrls = HttpRequest & { [RECORD_URLS]?: (entity: ObjectLiteral) => string };

/** Hands the record URL of each row over with the list's request, for the `actions: true` links. */
export function setRecordUrls(request: HttpRequest, url: (entity: ObjectLiteral) => string): void {
  (request as RequestWithRecordUrls)[RECORD_URLS] = url;
}

/**
 * The `@DataTable` options of a resource's list, and those of its export, whose files are named
 * after the resource unless the declaration names them. The list's answer says what the user may
 * do (`permissions`): create, update and delete by the resource's own routes (`false` when not
 * served), history when it keeps one, and each bulk action of the class (`bulkDelete` and the host's), unless the declaration
 * says otherwise. `@DataTable`'s options are fixed when the
 * class is defined, but URLs come from the resolver of the application serving the request: the
 * list route hands the row URLs over with the request ({@link setRecordUrls}).
 */
export function resourceTableOptions<T extends ObjectLiteral, C extends object, U extends object>(
  options: DataTableResourceOptions<T, C, U>,
  served: ReadonlySet<ResourceAction>,
): { list: DataTableOptions<T>; export: DataTableOptions<T> } {
  const { actions, ...listOptions } = options.dataTable ?? {};
  const list: DataTableOptions<T> = {
    ...listOptions,
    permissions: {
      create: served.has('create') && 'create',
      update: served.has('update') && 'update',
      delete: served.has('delete') && 'remove',
      ...(options.history ? { history: served.has('retrieve') && 'revisions' } : {}),
      ...listOptions.permissions,
    },
    ...(listOptions.id ? { entity: options.entity } : {}),
    ...(actions === true
      ? {
          actions: (entity: T, request: HttpRequest) => {
            const url = (request as RequestWithRecordUrls)[RECORD_URLS]!(entity);
            return { edit_url: url, delete_url: url };
          },
        }
      : actions
        ? { actions }
        : {}),
  };
  return { list, export: { ...list, export: { fileName: options.name, ...list.export } } };
}
