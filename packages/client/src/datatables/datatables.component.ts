import type { Api, Config } from 'datatables.net';
import { renderDate, renderText } from '../renderers/index.js';
import {
  createServerLoader,
  formatDataTableParams,
  type DataTableFilterHook,
  type EnvelopeCounts,
} from './transport/index.js';
import {
  dataTableEngine,
  registerTable,
  searchBuilderTypeOf,
  settingsTable,
  tableRecord,
  type DataTableEngine,
  type DataTablesAjaxData,
  type DataTablesSettings,
  type DataTableTransportOptions,
  type FormatDataTableParams,
  type ShownRequest,
  type TableRecord,
  type WidgetLibColumn,
} from './core/index.js';
import { showTableError } from './table-error.component.js';
import { addSearchInputsAndFooterDataTable } from './filters/index.js';
import { installExportButtons } from './export/index.js';
import { dataTableTexts, type DataTableTexts } from '../texts/index.js';
import { countInfoCallback } from './count-info.writer.js';
import {
  chooseTableOverflow,
  hasResponsiveExtension,
  overflowColumn,
  RESPONSIVE_TABLE_CLASS,
  wrapInScrollRegion,
  type TableOverflow,
} from './overflow/index.js';
import {
  afterSavedViewsInit,
  mountSavedViewsControl,
  savedStateOf,
  SavedViewsClient,
  savedViewsConfig,
  type SavedViewsOptions,
} from './saved-views/index.js';
import {
  addBulkActions,
  hasSelectExtension,
  RowSelection,
  type BulkActionsControl,
  type DataTableBulkAction,
} from './bulk/index.js';
import { applyPermissionControls, grants, parseTablePermissions, type TablePermissions } from './permissions/index.js';
import { installTableState, type TableStateComponent } from './state/index.js';

// A DataTables event handler; `filter` is the request hook instead (spec 6).
type TableEventHandler = (...args: never[]) => unknown;

/** `events`: `filter` changes each request's parameters; every other key is a DataTables event bound with `on()`. */
export interface DataTableEvents {
  filter?: DataTableFilterHook;
  [event: string]: TableEventHandler | undefined;
}

/**
 * DataTables options plus widgetlib's: column configuration (spec 2.5), events, texts, request
 * translation, and how requests travel (`method`, `postUrl`, `maxGetUrlLength`, `csrf`).
 */
export interface WidgetLibTableOptions extends Omit<Config, 'columns'>, DataTableTransportOptions {
  columns?: WidgetLibColumn[];
  events?: DataTableEvents;
  /** Words of this table (filter row, error row) over those of `setDataTableTexts()`. */
  texts?: Partial<DataTableTexts>;
  /** The request translation (default `formatDataTableParams`). */
  formatDataTableParams?: FormatDataTableParams;
  /**
   * How the table keeps every column reachable when it is wider than its place: `'responsive'`
   * (columns that do not fit go to a child row, their filters under "More filters"; needs
   * DataTables' Responsive extension) or `'scroll'` (the table scrolls sideways in a container of
   * its own). Default: `'responsive'` when the Responsive extension is loaded and the DataTables
   * option `responsive` is not `false`, else `'scroll'`.
   */
  overflow?: TableOverflow;
  /**
   * Views of the table saved on the server for each user (`@DataTable({ id, entity })` there):
   * `{ url: '/saved-views/<id>/' }`. The table's state is kept per user (`stateSave`), or with
   * DataTables' StateRestore and the `stateRestore` option, its states; a control saves, loads,
   * shares and deletes named views; `#view=<id>` in the page's address opens a view.
   */
  savedViews?: SavedViewsOptions;
  /**
   * Actions on every row matching the table's request, not only the page, or on rows picked one
   * by one (a `selectRow` column): a bar above the table with "Select all N matching rows" and a
   * button per action, which POSTs the request (with the CSRF token of `csrf`) to the action's
   * `url`, announces the answer and redraws the table. When the list answer carries `permissions`,
   * an action with a `permission` is shown only when granted, and the bar and the checkboxes only
   * while an action is.
   */
  bulkActions?: DataTableBulkAction[];
}

/**
 * The table element for `id`: an element id (`"albums"`) or a CSS selector (`"#albums"`), or the
 * element itself. A non-table element gets a `<table>` built inside it.
 */
export function resolveTableElement(id: string | HTMLElement): HTMLTableElement {
  let element: Element | null = typeof id === 'string' ? document.getElementById(id) : id;
  if (!element && typeof id === 'string') {
    try {
      element = document.querySelector(id);
    } catch {
      element = null;
    }
  }
  if (!element) throw new Error(`widgetlib: no element matches the table id ${JSON.stringify(id)}`);
  if (element instanceof HTMLTableElement) return element;
  const table = document.createElement('table');
  if (element.id) table.id = `${element.id}-table`;
  element.append(table);
  return table;
}

/**
 * DataTables writes a cell's display data into the page as HTML: a column without a render function
 * gets an escaping one (a date column one that formats with its `dateformat`). SearchBuilder gets the
 * column's `searchBuilderType` from its widgetlib type unless the column names one.
 */
function safeColumn(column: WidgetLibColumn): WidgetLibColumn {
  const searchBuilderType = searchBuilderTypeOf(column.type);
  const safe: WidgetLibColumn = { defaultContent: '', ...(searchBuilderType ? { searchBuilderType } : {}), ...column };
  if (safe.render === undefined || safe.render === null) {
    safe.render = column.type === 'date' || column.dateformat ? renderDate() : renderText;
  }
  return safe;
}

/**
 * ColumnControl (configured for the table or a column) adds a header row of `td` cells to a table
 * that has none before DataTables builds its header: a row of `th` cells made first keeps the titles
 * column headers, for assistive technology too.
 */
function keepHeaderCells(table: HTMLTableElement, config: Config, columns: readonly WidgetLibColumn[]): void {
  const controlled = 'columnControl' in config || columns.some((column) => 'columnControl' in column);
  if (!controlled || columns.length === 0 || (table.tHead?.rows.length ?? 0) > 0) return;
  (table.tHead ?? table.createTHead()).insertRow().append(...columns.map(() => document.createElement('th')));
}

/**
 * The `selectRow` column made DataTables' Select checkbox column (hidden until an action is
 * allowed), and the table's Select options: checkboxes only, the page's rows from the header
 * checkbox, rows told apart by `rowId` (`id` unless the host names another).
 */
function selectRowConfig(
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

const errorModeInstalled = new WeakSet<object>();

/**
 * DataTables' default error mode is `alert()`. For widgetlib's tables its warnings go to the console
 * (a failed request is shown inside the table by the loader); other tables keep the mode they had.
 */
function installErrorMode(DataTable: DataTableEngine): void {
  if (errorModeInstalled.has(DataTable.ext)) return;
  errorModeInstalled.add(DataTable.ext);
  const previous = DataTable.ext.errMode;
  DataTable.ext.errMode = (settings: DataTablesSettings, techNote: number | undefined, message: string) => {
    if (tableRecord(settingsTable(settings))) {
      console.warn(message);
      return;
    }
    if (typeof previous === 'function') (previous as (...args: unknown[]) => void)(settings, techNote, message);
    else if (previous === 'throw') throw new Error(message);
    else if (previous === 'alert') window.alert(message);
  };
}

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
    formatDataTableParams: format = formatDataTableParams,
    columns,
    overflow: requestedOverflow,
    method,
    postUrl,
    maxGetUrlLength,
    csrf,
    savedViews,
    bulkActions = [],
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
  const transport = { method, postUrl, maxGetUrlLength, csrf };
  const record: TableRecord = { texts, url, transport };
  registerTable(table, record);
  installExportButtons(DataTable);

  const config: Config & { responsive?: unknown } = {
    serverSide: true,
    processing: true,
    ...options,
    responsive: overflow === 'responsive' ? responsive || true : false,
    ajax:
      options.ajax ??
      createServerLoader({
        url,
        transport,
        format,
        filter,
        texts: () => dataTableTexts(texts),
        onOutcome: (outcome, answered) => {
          error = outcome;
          counts = answered;
        },
        onPermissions: (answered) => {
          permissions = parseTablePermissions(answered);
          applyPermissionControls(table, permissions);
          if (permissions !== undefined) permitBulk();
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
    infoCallback:
      options.infoCallback ??
      countInfoCallback(
        () => counts,
        () => dataTableTexts(texts),
      ),
  };
  if (columns) config.columns = columns.map((column) => overflowColumn(safeColumn(column)));
  const selectColumn = columns?.findIndex((column) => column.selectRow) ?? -1;
  if (selectColumn >= 0) {
    if (bulkActions.length === 0)
      throw new Error('widgetlib: a selectRow column picks rows for bulkActions; name some');
    selectRowConfig(DataTable, config, config.columns as WidgetLibColumn[], dataTableTexts(texts).selectRow);
  }
  keepHeaderCells(table, config, columns ?? []);
  // Until the first answer says what the user may do, controls that need a permission stay hidden.
  applyPermissionControls(table, undefined);
  const views = savedViews ? new SavedViewsClient(savedViews.url, csrf) : null;
  const viewsSetup = views ? savedViewsConfig(views, config, () => dataTableTexts(texts)) : null;
  if (viewsSetup) Object.assign(config, viewsSetup.config);

  table.classList.toggle(RESPONSIVE_TABLE_CLASS, overflow === 'responsive');
  const api = new DataTable(table, config);
  api.one('init', () => {
    initialised = true;
  });
  tableState = installTableState(api, columns ?? [], () => dataTableTexts(texts));
  if (lastData) tableState.requested(lastData);
  if (bulkActions.length > 0) {
    const rows = selectColumn >= 0 && hasSelectExtension(api) ? new RowSelection(api) : null;
    bulk = addBulkActions(api, bulkActions, {
      url,
      transport: { method, postUrl, maxGetUrlLength, csrf },
      texts: () => dataTableTexts(texts),
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
  // DataTables' own `scrollX` already scrolls the table in a container of its own.
  if (!options.scrollX) wrapInScrollRegion(api, overflow === 'scroll' ? dataTableTexts(texts).scrollRegion : null);
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
    const words = () => dataTableTexts(texts);
    const report = mountSavedViewsControl(api, views, savedViews?.control, words, savedStateOf(api, config));
    afterSavedViewsInit(api, views, viewsSetup, config, words, report);
  }
  return api;
}

/** `createDataTable`'s options: those of {@link WidgetLibTableOptions} and the filter row. */
export interface CreateDataTableOptions extends WidgetLibTableOptions {
  /** Adds the filter row under the headers (the spec's `addfilter` argument). */
  filterRow?: boolean;
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
