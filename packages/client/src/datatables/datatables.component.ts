import type { Api, Config } from 'datatables.net';
import { choiceLabels, createServerLoader, formatDataTableParams, type EnvelopeCounts } from './transport/index.js';
import {
  dataTableEngine,
  registerTable,
  type DataTablesAjaxData,
  type FormatDataTableParams,
  type ShownRequest,
  type TableRecord,
  type WidgetLibColumn,
} from './core/index.js';
import { showTableError } from './table-error.component.js';
import { addSearchInputsAndFooterDataTable } from './filters/index.js';
import { installExportButtons } from './export/index.js';
import { catalogueLanguage, dataTableTexts, datatablesLanguage, type DataTablesLanguage } from '../texts/index.js';
import { countInfoCallback } from './count-info.writer.js';
import {
  chooseTableOverflow,
  hasResponsiveExtension,
  overflowColumn,
  RESPONSIVE_TABLE_CLASS,
  wrapInScrollRegion,
} from './overflow/index.js';
import {
  afterSavedViewsInit,
  deferSavedViewsControl,
  savedStateOf,
  SavedViewsClient,
  savedViewsConfig,
} from './saved-views/index.js';
import {
  deferBulkActions,
  hasSelectExtension,
  RowSelection,
  selectRowConfig,
  type BulkActionsControl,
} from './bulk/index.js';
import { applyPermissionControls, grants, parseTablePermissions, type TablePermissions } from './permissions/index.js';
import { installTableState, type TableStateComponent } from './state/index.js';
import type { CreateDataTableOptions, WidgetLibTableOptions } from './datatables-options.types.js';
import { keepHeaderCells, safeColumn } from './table-columns.options.js';
import { installErrorMode, resolveTableElement } from './table-element.component.js';
import { installFooterTotals, installGroupRowsFit, prepareTotalsFooter, rowGroupTotals } from './totals/index.js';
import { installExtensionMarkup, installKeyboardSupport } from './accessibility/index.js';
import { installTrashView } from './trash/index.js';
import { deferInlineEditing, type InlineEditingControl } from './inline-editing/index.js';
import { loadLiveTable, parseLiveInfo, type LiveTableInfo } from './live/index.js';

/**
 * A server-side table with full control of the DataTables options (spec 4.4): widgetlib adds only
 * server-side processing, the request translation (`table_options.formatDataTableParams`), the
 * `events`, escaping of columns without a render function, errors shown inside the table, and the
 * `overflow` of a table wider than its place.
 */
export function gtCreateDataTable(
  id: string | HTMLElement,
  url: string,
  table_options: WidgetLibTableOptions = {},
): Api {
  const DataTable = dataTableEngine();
  installErrorMode(DataTable);
  const table = resolveTableElement(id);
  const {
    events = {},
    texts,
    lang: requestedLang,
    formatDataTableParams: format = formatDataTableParams,
    columns,
    overflow: requestedOverflow,
    method,
    postUrl,
    maxGetUrlLength,
    csrf,
    savedViews,
    bulkActions = [],
    trash,
    editable = [],
    rowVersion = 'version',
    live = false,
    ...options
  } = table_options;
  const { responsive } = options as { responsive?: unknown };
  const overflow = chooseTableOverflow({
    overflow: requestedOverflow,
    responsive,
    responsiveLoaded: hasResponsiveExtension(DataTable),
  });
  const { filter, ...tableEvents } = events;
  if (bulkActions.length > 0 && options.ajax) {
    throw new Error("widgetlib: bulkActions send the request of widgetlib's own loader; drop the ajax option");
  }
  let error: string | null = null;
  let counts: EnvelopeCounts | null = null;
  let bulk: BulkActionsControl | null = null;
  let inline: InlineEditingControl | null = null;
  // The bar waits for DataTables' container; a request answered before it exists is kept for it.
  let lastShown: ShownRequest | null = null;
  /** What the latest answer says the user may do; undefined before the first answer. */
  let permissions: TablePermissions | null | undefined;
  const permitBulk = () =>
    bulk?.permit(
      (action) => action.permission === undefined || grants(permissions ?? null, `bulk.${action.permission}`),
    );
  // Until DataTables' `init` event: extensions starting up may ask for the first page again.
  let initialised = false;
  // The first request can leave while the table is built, before its state exists.
  let tableState: TableStateComponent | null = null;
  let lastData: DataTablesAjaxData | null = null;
  // A live table follows the stream its first answer names, once the table exists.
  let liveInfo: LiveTableInfo | null = null;
  let following = false;
  const followLive = () => {
    if (!api || !liveInfo || following) return;
    following = true;
    const [table, info] = [api, liveInfo];
    loadLiveTable().then(
      (module) => module.followLiveTable(table, info, words),
      () => (following = false),
    );
  };
  const transport = { method, postUrl, maxGetUrlLength, csrf };
  const lang = catalogueLanguage(requestedLang);
  const words = () => dataTableTexts(texts, lang);
  const record: TableRecord = { texts, lang, url, transport };
  registerTable(table, record);
  installExportButtons(DataTable);

  const config: Config & { responsive?: unknown } = {
    serverSide: true,
    processing: true,
    ...options,
    language: datatablesLanguage(lang, options.language as DataTablesLanguage | undefined),
    responsive: overflow === 'responsive' ? responsive || true : false,
    ajax:
      options.ajax ??
      createServerLoader({
        url,
        transport,
        format,
        filter,
        choiceLabels: choiceLabels(columns ?? []),
        texts: words,
        onOutcome: (outcome, answered) => {
          error = outcome;
          counts = answered;
        },
        onPermissions: (answered) => {
          permissions = parseTablePermissions(answered);
          applyPermissionControls(table, permissions);
          if (permissions !== undefined) permitBulk();
          inline?.refresh();
        },
        onLive: (answered) => {
          if (!live) return;
          liveInfo = parseLiveInfo(answered);
          followLive();
        },
        onShown: (shown) => {
          lastShown = shown;
          bulk?.show(shown);
        },
        onParams: (params) => {
          record.lastParams = params;
        },
        initialising: () => !initialised,
        onData: (data) => {
          lastData = data;
          tableState?.requested(data);
        },
      }),
    infoCallback: options.infoCallback ?? countInfoCallback(() => counts, words),
  };
  let api: Api | null = null;
  const rowGroup = rowGroupTotals((options as { rowGroup?: unknown }).rowGroup, columns ?? [], words, () => api);
  if (rowGroup !== undefined) (config as { rowGroup?: unknown }).rowGroup = rowGroup;
  if (columns) config.columns = prepareTotalsFooter(table, columns).map((column) => overflowColumn(safeColumn(column)));
  const selectColumn = columns?.findIndex((column) => column.selectRow) ?? -1;
  if (selectColumn >= 0) {
    if (bulkActions.length === 0)
      throw new Error('widgetlib: a selectRow column picks rows for bulkActions; name some');
    selectRowConfig(DataTable, config, config.columns as WidgetLibColumn[], words().selectRow);
  }
  keepHeaderCells(table, config, columns ?? []);
  // Until the first answer says what the user may do, controls that need a permission stay hidden.
  applyPermissionControls(table, undefined);
  const views = savedViews ? new SavedViewsClient(savedViews.url, csrf) : null;
  const viewsSetup = views ? savedViewsConfig(views, config, words, DataTable) : null;
  if (viewsSetup) Object.assign(config, viewsSetup.config);

  table.classList.toggle(RESPONSIVE_TABLE_CLASS, overflow === 'responsive');
  api = new DataTable(table, config);
  followLive();
  installFooterTotals(api, columns ?? [], words);
  if (rowGroup) installGroupRowsFit(api);
  api.one('init', () => {
    initialised = true;
  });
  tableState = installTableState(api, columns ?? [], words);
  installExtensionMarkup(api, words);
  installKeyboardSupport(api, () => counts, words);
  if (lastData) tableState.requested(lastData);
  if (bulkActions.length > 0) {
    const rows = selectColumn >= 0 && hasSelectExtension(api) ? new RowSelection(api) : null;
    bulk = deferBulkActions(api, bulkActions, {
      url,
      transport: { method, postUrl, maxGetUrlLength, csrf },
      texts: words,
      rows,
      showSelectColumn: (shown) => {
        const column = api.column(selectColumn);
        if (!rows || column.visible() === shown) return;
        column.visible(shown);
        // The answer's rows are drawn next: Responsive fits the columns again with them, checkboxes in (or out).
        api.one('draw', () => {
          api.columns.adjust();
          (api as unknown as { responsive?: { recalc(): unknown } }).responsive?.recalc();
        });
      },
    });
    // Hidden until an answer says which actions the user may use.
    bulk.permit(() => false);
    bulk.show(lastShown);
    if (permissions !== undefined) permitBulk();
  }
  if (trash) {
    installTrashView(api, table, {
      url: (trash !== true && trash.url) || url,
      trash: trash === true ? {} : trash,
      columns: columns ?? [],
      csrf,
      texts: words,
      tableOptions: { texts, lang: requestedLang, language: options.language, csrf },
      create: gtCreateDataTable,
    });
  }
  if (editable.length > 0) {
    inline = deferInlineEditing(api, {
      url,
      columns: columns ?? [],
      editable,
      rowVersion,
      rowId: typeof config.rowId === 'string' ? config.rowId : 'id',
      csrf,
      texts: words,
      permitted: () => permissions !== undefined && grants(permissions, 'update'),
      rowRedrawn: () => applyPermissionControls(table, permissions),
    });
  }
  // DataTables' own `scrollX` already scrolls the table in a container of its own.
  if (!options.scrollX) wrapInScrollRegion(api, overflow === 'scroll' ? words().scrollRegion : null);
  // Requests are asynchronous: this listener is in place before the first answer is drawn.
  api.on('draw', () => {
    if (error !== null) showTableError(api, error);
    // Row actions drawn by render functions, marked with what they need.
    applyPermissionControls(table, permissions);
  });
  for (const [name, handler] of Object.entries(tableEvents)) {
    if (handler) api.on(name, handler as (...args: unknown[]) => unknown);
  }
  if (views && viewsSetup) {
    const report = deferSavedViewsControl(api, views, savedViews?.control, words, savedStateOf(api, config));
    afterSavedViewsInit(api, views, viewsSetup, config, words, report);
  }
  return api;
}

/**
 * The spec's table builder: a server-side table on the element `id`, loading from `url`, with
 * `extraoptions` (columns, order, events, texts and any DataTables option). Without an `order`
 * option the server's default ordering applies. `addfilter` adds the filter row under the headers.
 *
 * The same with named options instead of the trailing positional ones:
 * `createDataTable(id, url, { columns, filterRow: true, formatDataTableParams })`. A positional
 * `addfilter` or `formatDataTableParamsfnc`, when given, wins over its option.
 */
export function createDataTable(
  id: string | HTMLElement,
  url: string,
  extraoptions: CreateDataTableOptions = {},
  addfilter?: boolean,
  formatDataTableParamsfnc?: FormatDataTableParams,
): Api {
  const { filterRow = false, ...options } = extraoptions;
  const api = gtCreateDataTable(id, url, {
    order: [],
    searchDelay: 300,
    ...options,
    formatDataTableParams: formatDataTableParamsfnc ?? options.formatDataTableParams ?? formatDataTableParams,
  });
  if (addfilter ?? filterRow) addSearchInputsAndFooterDataTable(api, api.table().node().id, options.columns ?? []);
  return api;
}
