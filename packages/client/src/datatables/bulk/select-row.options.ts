import type { Config } from 'datatables.net';
import type { DataTableEngine, WidgetLibColumn } from '../core/index.js';

/**
 * The `selectRow` column made DataTables' Select checkbox column (hidden until an action is
 * allowed), and the table's Select options: checkboxes only, the page's rows from the header
 * checkbox, rows told apart by `rowId` (`id` unless the host names another).
 */
export function selectRowConfig(
  DataTable: DataTableEngine,
  config: Config,
  columns: WidgetLibColumn[],
  rowLabel: string,
): void {
  const render = (DataTable as unknown as { render?: { select?: () => unknown } }).render?.select;
  if (!render) {
    throw new Error("widgetlib: a selectRow column needs DataTables' Select extension (datatables.net-select)");
  }
  config.columns = columns.map((column) =>
    column.selectRow
      ? {
          ...column,
          data: null,
          render: render(),
          type: 'readonly',
          orderable: false,
          searchable: false,
          visible: false,
          // Responsive collapses it last, as a row's actions.
          responsivePriority: column.responsivePriority ?? 1,
          className: `widgetlib-select-cell ${column.className ?? ''}`.trim(),
          defaultContent: '',
        }
      : column,
  ) as Config['columns'];
  const settings = config as Config & { select?: unknown; rowId?: unknown; language?: Record<string, unknown> };
  settings.select ??= {
    style: 'api',
    selector: 'td.widgetlib-select-cell',
    headerCheckbox: 'select-page',
    info: false,
  };
  settings.rowId ??= 'id';
  const language = settings.language ?? {};
  const select = (language.select ?? {}) as Record<string, unknown>;
  settings.language = {
    ...language,
    select: { ...select, aria: { rowCheckbox: rowLabel, ...(select.aria as object | undefined) } },
  };
}
