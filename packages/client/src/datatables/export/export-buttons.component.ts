import type { Api } from 'datatables.net';
import { exportTable, type ExportTableOptions } from './export-table.client.js';
import type { DataTableExportFormat } from './export-request.writer.js';
import { recordOfApi } from '../core/index.js';
import { dataTableTexts } from '../../texts/index.js';

/** The part of a DataTables Buttons button's API an export button uses. */
interface ButtonApi {
  processing(flag: boolean): unknown;
}

/** A DataTables Buttons button definition, as `buttons: [...]` or `layout` takes it. */
export interface ExportButtonDefinition {
  text: (dt: Api) => string;
  className: string;
  action: (this: ButtonApi, event: Event, dt: Api, node: unknown, config: Partial<ExportTableOptions>) => void;
}

/** `exportButtons`' options: the formats, one button each, and what every export takes. */
export interface ExportButtonsOptions extends Omit<ExportTableOptions, 'format'> {
  /** Default `['csv', 'xlsx']`. */
  formats?: DataTableExportFormat[];
}

/** The button type names `installExportButtons` registers: `{ extend: 'widgetlibCsv' }`. */
export const EXPORT_BUTTON_TYPES: Record<DataTableExportFormat, string> = {
  csv: 'widgetlibCsv',
  xlsx: 'widgetlibXlsx',
};

function exportButton(
  format: DataTableExportFormat,
  options: Omit<ExportTableOptions, 'format'>,
): ExportButtonDefinition {
  return {
    text: (dt) => {
      const texts = dataTableTexts(recordOfApi(dt)?.texts, recordOfApi(dt)?.lang);
      return format === 'csv' ? texts.exportCsv : texts.exportXlsx;
    },
    className: `widgetlib-dt-export widgetlib-dt-export-${format}`,
    action(_event, dt, _node, config) {
      // A definition extended by the host (`{ extend: 'widgetlibCsv', fields: [...] }`) brings its own options.
      const { url, fields, bom, values, timeZone, totals, onError } = config;
      const chosen = { ...options, ...defined({ url, fields, bom, values, timeZone, totals, onError }), format };
      this.processing(true);
      void exportTable(dt, chosen).finally(() => this.processing(false));
    },
  };
}

function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * DataTables Buttons definitions that download every row of the table's current request from
 * the server's export route, one per format: `layout: { topStart: { buttons: exportButtons() } }`.
 */
export function exportButtons(options: ExportButtonsOptions = {}): ExportButtonDefinition[] {
  const { formats = ['csv', 'xlsx'], ...shared } = options;
  return formats.map((format) => exportButton(format, shared));
}

/**
 * Registers the button types `widgetlibCsv` and `widgetlibXlsx` with DataTables Buttons when it is
 * loaded (`DataTable.ext.buttons`), so that `buttons: [{ extend: 'widgetlibCsv' }]` works; tables
 * made by `createDataTable` do it for their DataTables. A type the host defined is kept.
 */
export function installExportButtons(DataTable: { ext: object }): void {
  const buttons = (DataTable.ext as { buttons?: Record<string, unknown> }).buttons;
  if (!buttons) return;
  for (const [format, name] of Object.entries(EXPORT_BUTTON_TYPES) as [DataTableExportFormat, string][]) {
    buttons[name] ??= exportButton(format, {});
  }
}
