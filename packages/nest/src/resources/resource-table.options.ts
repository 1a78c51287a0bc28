import type { ObjectLiteral } from 'typeorm';
import type { HttpRequest } from '../common/http-platform.reader.js';
import type { DataTableOptions } from '../datatables/internal.js';
import type { DataTableResourceOptions, ResourceAction } from './datatable-resource.options.js';

/** Where the list route leaves the record URL of each row for the `actions: true` links. */
const RECORD_URLS = Symbol('widgetlib.resource-record-urls');
/** Where the list route leaves the primary key of each row as text, for Editor's row ids. */
const RECORD_IDS = Symbol('widgetlib.resource-record-ids');
type RequestWithRecordUrls = HttpRequest & {
  [RECORD_URLS]?: (entity: ObjectLiteral) => string;
  [RECORD_IDS]?: (entity: ObjectLiteral) => string;
};

/**
 * The property of a row that DataTables (`rowId`) and Editor (`idSrc`) identify it by unless told
 * otherwise: the row's primary key as text, as Editor's own server libraries write it. Editor keys
 * the rows of a submission and of a refresh by text, and matches a refreshed row to the one it asked
 * for with `===`: a number id would leave the row unmatched, and Editor would drop it.
 */
export const EDITOR_ROW_ID = 'DT_RowId';

/** Hands the record URL and id of each row over with the list's request (`actions: true`, Editor's row ids). */
export function setRecordUrls(
  request: HttpRequest,
  url: (entity: ObjectLiteral) => string,
  id: (entity: ObjectLiteral) => string,
): void {
  Object.assign(request, { [RECORD_URLS]: url, [RECORD_IDS]: id });
}

/** The declaration's `mapRow`, after which a resource served to Editor gives each row its {@link EDITOR_ROW_ID}. */
function withEditorRowIds<T extends ObjectLiteral>(
  mapRow: DataTableOptions<T>['mapRow'],
): NonNullable<DataTableOptions<T>['mapRow']> {
  return (row, entity, request) => {
    const mapped = mapRow ? mapRow(row, entity, request) : row;
    const id = (request as RequestWithRecordUrls)[RECORD_IDS];
    return id ? { ...mapped, [EDITOR_ROW_ID]: id(entity) } : mapped;
  };
}

/**
 * The `@DataTable` options of a resource's list, and those of its export, whose files are named
 * after the resource unless the declaration names them. The list's answer says what the user may
 * do (`permissions`): create, update and delete by the resource's own routes (`false` when not
 * served), history when it keeps one, and each bulk action of the class (`bulkDelete` and the host's), unless the declaration
 * says otherwise. `@DataTable`'s options are fixed when the
 * class is defined, but URLs come from the resolver of the application serving the request: the
 * list route hands the row URLs over with the request ({@link setRecordUrls}). A resource served to
 * Editor gives each listed row its {@link EDITOR_ROW_ID}.
 */
export function resourceTableOptions<T extends ObjectLiteral, C extends object, U extends object>(
  options: DataTableResourceOptions<T, C, U>,
  served: ReadonlySet<ResourceAction>,
): { list: DataTableOptions<T>; export: DataTableOptions<T> } {
  const { actions, ...listOptions } = options.dataTable ?? {};
  const list: DataTableOptions<T> = {
    ...listOptions,
    ...(options.editor ? { mapRow: withEditorRowIds(listOptions.mapRow) } : {}),
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
