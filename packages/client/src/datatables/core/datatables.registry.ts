import type { Api } from 'datatables.net';
import type { DataTableRequestParams } from './datatables-request.types.js';
import type { DataTableTransportOptions } from './datatables-transport.options.js';
import type { DataTableTexts } from '../../texts/index.js';

/** What widgetlib keeps for each table element it turned into a table. */
export interface TableRecord {
  texts?: Partial<DataTableTexts>;
  /** The catalogue language of the table's words (its `lang` option, else the page's). */
  lang?: string;
  /** The list URL and how its requests travel: where an export goes, and how. */
  url?: string;
  transport?: DataTableTransportOptions;
  /** The parameters of the latest list request sent (after `events.filter`): what an export repeats. */
  lastParams?: DataTableRequestParams;
}

const records = new WeakMap<Element, TableRecord>();

export function registerTable(table: Element, record: TableRecord): void {
  records.set(table, record);
}

/** The record of a table element, `undefined` for a table widgetlib did not create. */
export function tableRecord(table: Element | null | undefined): TableRecord | undefined {
  return table ? records.get(table) : undefined;
}

export function recordOfApi(api: Api): TableRecord | undefined {
  return tableRecord(api.table().node());
}
