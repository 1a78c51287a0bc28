import type { Api } from 'datatables.net';
import { recordOfApi } from '../core/index.js';
import { dataTableTexts } from '../../texts/index.js';
import type { ExportTableOptions } from './export-table.types.js';
import { showExportError } from './export-error.component.js';
import { loadExportDownload } from './export-download.loader.js';

export type { ExportTableOptions } from './export-table.types.js';

/**
 * Downloads every row of the table's current request (its search, filters, SearchBuilder,
 * SearchPanes and ordering, as last sent; paging left out) from the server's export route, as a
 * CSV or XLSX file: by default with what the cells show, the page's date formats
 * (`document.date_format`, `document.datetime_format`) and the table's words for booleans sent
 * along. It travels as the list requests do (GET, or POST with the CSRF token past the
 * URL length). The file is received whole before it is saved, so that a refusal (a row cap, a bad
 * parameter) is shown instead of being saved as the file. Resolves once the download is handed to
 * the browser, or the error shown. The export's code is loaded on the first export.
 */
export async function exportTable(api: Api, options: ExportTableOptions): Promise<void> {
  const record = recordOfApi(api);
  const url = record?.url;
  if (!record || !url) throw new Error('widgetlib: exportTable needs a table made by createDataTable');
  const texts = dataTableTexts(record.texts, record.lang);
  let part;
  try {
    part = await loadExportDownload();
  } catch (error) {
    console.warn('widgetlib export:', error);
    const message = `${texts.exportError} ${texts.partUnavailable}`;
    if (options.onError) options.onError(message);
    else showExportError(api, message);
    return;
  }
  await part.downloadExport(api, options, { ...record, url }, texts);
}
