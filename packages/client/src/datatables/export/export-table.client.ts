import type { Api } from 'datatables.net';
import { errorMessage } from '../transport/index.js';
import { recordOfApi } from '../core/index.js';
import { dataTableTexts } from '../../texts/index.js';
import { documentDateFormat, documentDatetimeFormat } from '../../renderers/index.js';
import {
  defaultExportUrl,
  dispositionFileName,
  exportRequest,
  type DataTableExportChoice,
} from './export-request.writer.js';

/** What `exportTable` and the export buttons take. */
export interface ExportTableOptions extends DataTableExportChoice {
  /** The export route (default: the table's list URL plus `/export`). */
  url?: string;
  /** Told the message of a failed export (default: shown above the table, announced to screen readers). */
  onError?: (message: string) => void;
}

const ERROR_CLASS = 'widgetlib-dt-export-error';

/** The data properties of the table's visible columns, the row actions left out. */
function visibleFields(api: Api): string[] {
  const fields: string[] = [];
  for (const index of api.columns().indexes().toArray() as number[]) {
    const column = api.column(index);
    const source = column.dataSrc();
    if (column.visible() && typeof source === 'string' && source !== '' && source !== 'actions') fields.push(source);
  }
  return fields;
}

/** Shows `message` above the table, replacing an earlier one; null removes it. */
function showExportError(api: Api, message: string | null): void {
  const container = api.table().container();
  container.querySelector(`:scope > .${ERROR_CLASS}`)?.remove();
  if (message === null) return;
  const notice = document.createElement('div');
  notice.className = ERROR_CLASS;
  notice.setAttribute('role', 'alert');
  notice.textContent = message;
  container.prepend(notice);
}

/** Hands `blob` to the browser as a download named `name`. */
function download(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the object URL is no longer needed after it.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Downloads every row of the table's current request (its search, filters, SearchBuilder,
 * SearchPanes and ordering, as last sent; paging left out) from the server's export route, as a
 * CSV or XLSX file: by default with what the cells show, the page's date formats
 * (`document.date_format`, `document.datetime_format`) and the table's words for booleans sent
 * along. It travels as the list requests do (GET, or POST with the CSRF token past the
 * URL length). The file is received whole before it is saved, so that a refusal (a row cap, a bad
 * parameter) is shown instead of being saved as the file. Resolves once the download is handed to
 * the browser, or the error shown.
 */
export async function exportTable(api: Api, options: ExportTableOptions): Promise<void> {
  const record = recordOfApi(api);
  if (!record?.url) throw new Error('widgetlib: exportTable needs a table made by createDataTable');
  const texts = dataTableTexts(record.texts);
  const report = options.onError ?? ((message: string) => showExportError(api, message));
  const url = options.url ?? defaultExportUrl(record.url, document.baseURI);
  const choice = { ...options, fields: options.fields ?? visibleFields(api) };
  const display = {
    dateFormat: documentDateFormat(),
    datetimeFormat: documentDatetimeFormat(),
    yes: texts.yes,
    no: texts.no,
  };
  const { url: target, ...init } = exportRequest(
    url,
    record.lastParams ?? {},
    choice,
    record.transport,
    document,
    display,
  );
  if (!options.onError) showExportError(api, null);
  let response: Response;
  try {
    response = await fetch(target, { ...init, credentials: 'same-origin' });
  } catch {
    report(`${texts.exportError} ${texts.unreachable}`);
    return;
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    report(`${texts.exportError} ${errorMessage(response.status, response.statusText, body)}`);
    return;
  }
  const blob = await response.blob();
  download(blob, dispositionFileName(response.headers.get('Content-Disposition')) ?? `export.${options.format}`);
}
