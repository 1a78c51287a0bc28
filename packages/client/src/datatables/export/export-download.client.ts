import type { Api } from 'datatables.net';
import { errorMessage } from '../transport/index.js';
import type { TableRecord } from '../core/index.js';
import type { DataTableTexts } from '../../texts/index.js';
import { documentDateFormat, documentDatetimeFormat } from '../../renderers/index.js';
import { defaultExportUrl, dispositionFileName, exportRequest } from './export-request.writer.js';
import { showExportError } from './export-error.component.js';
import type { ExportTableOptions } from './export-table.types.js';

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

/** `exportTable`'s work once its part is loaded: the table's record and words come from the page's bundle. */
export async function downloadExport(
  api: Api,
  options: ExportTableOptions,
  record: TableRecord & { url: string },
  texts: DataTableTexts,
): Promise<void> {
  const report = options.onError ?? ((message: string) => showExportError(api, message));
  const url = options.url ?? defaultExportUrl(record.url, document.baseURI);
  const choice = { ...options, fields: options.fields ?? visibleFields(api) };
  const display = {
    dateFormat: documentDateFormat(),
    datetimeFormat: documentDatetimeFormat(),
    yes: texts.yes,
    no: texts.no,
    totals: texts.totals,
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
