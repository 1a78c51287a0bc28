import type { Type } from '@nestjs/common';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import type { CollationLanguage } from '../../dialect/index.js';
import type { DataTableAggregates, DataTableAggregateValues, DataTableGroupTotals } from './aggregates.options.js';
import type { DataTableChoices } from './choices.checks.js';
import type { DataTableColumnControl, DataTableColumnControlOption } from './column-control.options.js';
import type { DataTableExportOptions } from './export.options.js';
import type { TableRequestLimits } from './table-request-limits.checks.js';
import type { Lookup } from './table-request.types.js';

/** Links a row offers, shown by the client as edit and delete controls. */
export interface DataTableRowActions {
  edit_url?: string;
  delete_url?: string;
}

/**
 * Options of one `@DataTable` endpoint. Paths use `__` to cross relations (`artist__name`,
 * `genres__id`); every path must be listed here, and is resolved through entity metadata.
 */
export interface DataTableOptions<T extends object = object> {
  /**
   * A stable id of the table (letters, digits, `-`, `_` and `.`, at most 100 characters), with
   * `entity`: the table gets saved views (`/saved-views/<id>/`), stored per user and validated
   * against these options. Endpoints sharing an id must share their options object.
   */
  id?: string;
  /**
   * The entity the handler lists; needed with `id` (saved views validate a state without running
   * the handler). The handler's query must be over this entity.
   */
  entity?: Type<T>;
  /**
   * A live table: the page's `createDataTable({ live: true })` reloads it when rows of `entity`
   * change (README, "Live tables"). Needs `id` and `entity`.
   */
  live?: boolean;
  /**
   * Text fields the `search` parameter looks in (substring ignoring case and accents: "angstrom"
   * finds "Ångström"; terms ANDed, fields ORed).
   */
  searchFields?: string[];
  /** Fields `ordering` may name. Text is ordered naturally (Ångström with the A's), then by code point. */
  orderingFields?: string[];
  /**
   * Text paths compared by code point instead of naturally, for codes and identifiers: ordered
   * case-folded then by code point (`Z` before `Å`), searched and filtered (`icontains`,
   * `istartswith`...) ignoring case but not accents. Every path named must be a text path of the
   * table's search fields, ordering fields, filters or panes.
   */
  binaryCollation?: string[];
  /**
   * The language whose collation orders the table's text (default: the module's
   * `dataTables.collationLanguage`, `root`): `es` orders `ñ` as a letter after `n`, `sv` puts `å`,
   * `ä` and `ö` after `z`; `en`, `de`, `fr`, `it`, `pt` and `nl` order as `root` does (see
   * `COLLATION_LANGUAGES`). Another value is refused when the options are prepared. The search
   * still ignores every accent (`nandu` finds `Ñandú`).
   */
  collationLanguage?: CollationLanguage;
  /** Ordering when the request has none, e.g. `['-year', 'name']`. The primary key is always appended. */
  defaultOrdering?: string[];
  /** Filterable paths and the lookups each allows, e.g. `{ year: ['exact', 'gte', 'lte'] }`. */
  filters?: Record<string, Lookup[]>;
  /**
   * Paths SearchPanes may show as panes (server-side), e.g. `['format', 'artist__name', 'genres__name']`.
   * A request from a page with SearchPanes (`searchPanes_options[...]`) or with selections gets
   * `searchPanes.options` in the answer: for each pane, its values with `total` (rows of the base
   * query) and `count` (rows matching the request's search, filters and the other panes'
   * selections), at most `limits.maxPaneOptions` values (those with the most rows). A pane's
   * selection filters the rows like a filter; a pane across a to-many relation counts listed rows.
   */
  panes?: string[];
  /**
   * ColumnControl's `searchList` served: every listed path whose column the request describes
   * (`columns[i][name]` or `[data]`) gets its options in the answer's `columnControl`, keyed by the
   * column's name, else its data, else its index (the order ColumnControl looks them up in); see
   * {@link DataTableColumnControl}.
   */
  columnControl?: DataTableColumnControl;
  /**
   * The labels the table shows for some fields' values, by path:
   * `{ format: [['cd', 'CD'], ['vinyl', { en: 'Vinyl', es: 'Vinilo' }]] }`, a label one text or one per
   * language (English among them), of which the reader's is taken (the module's `getLanguage`).
   * SearchPanes' options carry them as their `label` (the `value` stays the stored one, which a
   * selection sends back), and an export writes them instead of the values (unless it asks for raw
   * values). A path that is not a field of the entity, or a label by language without English, is
   * refused when the options are prepared (at startup for a table with `id` and `entity` and for
   * `DataTableResource`).
   */
  choices?: DataTableChoices;
  /**
   * Aggregates over every row that matches a request's search and filters (not only the page), by
   * path: `{ price: ['sum', 'avg'], tracks__seconds: ['sum', 'count'] }`; the answer carries
   * `aggregates: { price: { sum, avg }, ... }`. `sum` and `avg` need a number column, `min` and `max`
   * a number column, `count` counts the values present. A decimal needs a declared scale; its values
   * are strings with that scale, exact. `avg` is the exact sum over the count, with 4 more decimals
   * than the column (rounded half away from zero). A path across a to-many relation aggregates the
   * distinct related rows of the matching rows, each once. Checked when the options are prepared.
   */
  aggregates?: DataTableAggregates;
  /**
   * A path the table is grouped by (DataTables' RowGroup): every request is ordered by it first (in
   * the direction the request orders it, ascending otherwise), and the answer carries `groups`:
   * for each group value on the page, its row count and `aggregates` over every matching row.
   * A column of the entity or across to-one relations, of text, number or boolean type.
   */
  rowGroup?: string;
  /** Rows per page when the request gives none (default from `WidgetLibModule`'s `dataTables`). */
  pageSize?: number;
  /** Largest page a request gets; larger requests are reduced to it. */
  maxPageSize?: number;
  /** Whether `limit=-1` (or `length=-1`) returns every row. */
  allowAll?: boolean;
  /**
   * Whose requests the list reads (default: the module's `clientCompatibility`, `strict`).
   * `djgentelella`: those of djgentelella's own `datatables.js` as well (see the README).
   */
  clientCompatibility?: DataTableClientCompatibility;
  /**
   * PostgreSQL and MariaDB: when a request filters or searches, `recordsTotal` (shown as "filtered
   * from N entries", not used for paging) is the server's row estimate of the listed table instead
   * of an exact count once that estimate reaches this many rows, saving a count over the whole table.
   * Applies when the base query reads the whole table: no conditions or joins of its own that
   * restrict it, no soft-deleted rows left out, not one entity of a single-table hierarchy. The
   * estimate is PostgreSQL's as of the table's last ANALYZE, MariaDB's InnoDB `TABLE_ROWS` (sampled,
   * then moved by each insert and delete); MySQL 8 caches `TABLE_ROWS` for up to a day and counts
   * exactly, as SQLite does. `recordsFiltered` and unfiltered requests
   * always count exactly. Off by default; worth it from about a hundred thousand rows with
   * `count: 'exact'`, where the exact total is a full count on every filtered request (the default
   * `cached-total` counts it only when its count cache has none).
   */
  estimatedTotalAbove?: number;
  /**
   * How the counts are made (default: the module's `dataTables.count`, `cached-total`).
   * `cached-total` counts `recordsFiltered` exactly on every request and counts the total only
   * when it can have changed: a request that filters or searches reads `recordsTotal` (shown as
   * "filtered from N total entries") from the count cache, kept for `countTtl` milliseconds per
   * base query (never shared between scopes, parameters or databases); a request that does not
   * filter counts exactly (its one count is both) and keeps that count as the cached total. The
   * library's own writes (`DataTableResource`, bulk actions, help entries) and
   * `DataTableCounts.invalidate()` forget the totals of the tables they change, so such a write shows
   * at once; a write made elsewhere (another program, SQL by hand, a host write without
   * `invalidate()`) shows in the total of filtered requests once the cached total expires or an
   * unfiltered request counts it again, and in `recordsFiltered` at once. The envelope does not mark
   * a cached total (it is an exact count, only possibly older). `exact` counts both on every
   * request. `cached` counts exactly and keeps each count for
   * `countTtl` milliseconds per base query and request conditions (so paging through one result
   * counts once), forgotten on the same writes as `cached-total`'s.
   * `estimated` (PostgreSQL and MariaDB; exact elsewhere) answers the server's row estimate of a base query
   * that reads the whole table once it reaches `estimatedTotalAbove` rows (default 100 000): as
   * `recordsTotal` of every request and as `recordsFiltered` of unfiltered ones, so that opening a
   * large table counts nothing (marked `estimated`; paging then follows the estimate). `capped` counts at
   * most `countCap` rows, with a statement that stops reading there: a count past the cap answers
   * the cap, and the envelope says so (`counts: { recordsFiltered: 'capped' }`, shown by the client
   * as "more than 10,000"); DataTables then pages through the first `countCap` rows only. Worth it
   * where counting every match costs more than the page (a million-row table, a count over joins).
   */
  count?: DataTableCountStrategy;
  /** The most rows a `capped` count reads (default 10 000). */
  countCap?: number;
  /**
   * Milliseconds a `cached` count, or a `cached-total` total, is kept (default: the module's
   * `dataTables.countTtl`, 60 000).
   */
  countTtl?: number;
  /**
   * Paths that may reach a hidden column (`select: false`, or `@Exclude` on the property): without
   * this, such a path is refused, because searching, filtering or ordering by a column lets a user
   * work out values the rows never show.
   */
  allowHiddenPaths?: string[];
  /** Bounds on the work one request may ask for (default: the module's `dataTables.limits`). */
  limits?: Partial<TableRequestLimits>;
  /**
   * Milliseconds one statement of a request may run before the database stops it and the request
   * answers 503 (default: the module's `dataTables.statementTimeout`, 5000; 0: no limit).
   */
  statementTimeout?: number;
  /**
   * The export of the list's filtered rows as CSV or XLSX, served by `@DataTableExport` (and by
   * `DataTableResource`): its route, formats, columns, file name and row cap.
   */
  export?: DataTableExportOptions;
  /** The `actions` of a row. */
  actions?(entity: T, request: HttpRequest): DataTableRowActions;
  /**
   * Tells the page what the current user may do on this table: the answer gets `permissions`
   * (`DataTablePermissions`), each action decided by the `@RequirePermissions` of the route that
   * serves it, as its guard decides (the routes still check). Absent: the answer has none.
   * `DataTableResource` declares it for its own routes.
   */
  permissions?: DataTablePermissionsOptions;
  /** Changes or replaces the serialised row (own fields, relations, dates as ISO 8601). */
  mapRow?(row: Record<string, unknown>, entity: T, request: HttpRequest): Record<string, unknown>;
}

/**
 * The route that serves an action of the table: the name of a method of the list's own controller,
 * or `[Controller, 'method']` of another; `false` when no route serves it (the user may not).
 */
export type DataTableActionRoute = string | readonly [controller: Type, method: string] | false;

/** The routes whose permission checks the answer's `permissions` repeats (`DataTableOptions.permissions`). */
export interface DataTablePermissionsOptions {
  /** The route that creates a record (the page's "New" control). */
  create?: DataTableActionRoute;
  /** The route that changes a record (a row's edit action). */
  update?: DataTableActionRoute;
  /** The route that deletes a record (a row's delete action). */
  delete?: DataTableActionRoute;
  /** The route that lists a record's revisions (a row's History action; `DataTableResource`'s `history`). */
  history?: DataTableActionRoute;
  /**
   * The bulk actions, by the name the page knows them by (`bulkActions[].permission` in the
   * client). Default: every `@DataTableBulkAction` method of the list's controller, by its method name.
   */
  bulk?: Record<string, DataTableActionRoute>;
}

/**
 * What the current user may do on the table (the answer's `permissions`, when the table declares
 * `permissions`): `create`, `update`, `delete` and `history` when declared, and each bulk action by name.
 */
export interface DataTablePermissions {
  create?: boolean;
  update?: boolean;
  delete?: boolean;
  history?: boolean;
  bulk: Record<string, boolean>;
}

/**
 * `strict`: every request problem is a 400. `djgentelella`: the requests of djgentelella's own
 * `datatables.js` are read as its Django server read them (see the README's migration guide).
 */
export type DataTableClientCompatibility = 'strict' | 'djgentelella';

/** The values of {@link DataTableClientCompatibility}. */
export const CLIENT_COMPATIBILITIES: readonly DataTableClientCompatibility[] = ['strict', 'djgentelella'];

/** How an endpoint counts its rows (see `DataTableOptions.count`). */
export type DataTableCountStrategy = 'cached-total' | 'exact' | 'cached' | 'estimated' | 'capped';

/**
 * What a count of the envelope is: `exact`; `estimated`, the planner's estimate
 * (`estimatedTotalAbove`); `capped`, the cap of a `capped` count that more rows match.
 */
export type DataTableCountKind = 'exact' | 'estimated' | 'capped';

/** The answer of a data-table endpoint (spec 2.3). */
export interface DataTableEnvelope<R = Record<string, unknown>> {
  data: R[];
  recordsTotal: number;
  recordsFiltered: number;
  draw: number;
  /** Present when a count is not exact: what each count is. */
  counts?: { recordsTotal: DataTableCountKind; recordsFiltered: DataTableCountKind };
  /**
   * Present in keyset mode (the request sent `cursor`): the `cursor` of the page after this one, to
   * send with the same other parameters; null when this page is the last.
   */
  next?: string | null;
  /** Present when the request comes from SearchPanes (see `DataTableOptions.panes`). */
  searchPanes?: DataTableSearchPanes;
  /** ColumnControl's list options by column (see `DataTableOptions.columnControl`). */
  columnControl?: Record<string, DataTableColumnControlOption[]>;
  /** The keys of `columnControl` whose lists have more values than answered (present when one has). */
  columnControlTruncated?: string[];
  /** Present when the table declares `permissions`: what the current user may do on it. */
  permissions?: DataTablePermissions;
  /** Present when the table is `live`: its id, the path of the notices' stream, and its key field. */
  live?: { table: string; stream: string; key: string };
  /**
   * Present when the table's `clientCompatibility` ignored parameters of the request (an ordering
   * field not allowed, a bare filter name): one message each, for the host's logs.
   */
  ignored?: string[];
  /** Present when the table declares `aggregates`: their values over every matching row. */
  aggregates?: Record<string, DataTableAggregateValues>;
  /**
   * Present when the table declares `rowGroup`: per group value on the page (as text; `''` for no
   * value), its count and aggregates over every matching row.
   */
  groups?: Record<string, DataTableGroupTotals>;
}

/** One option of a SearchPanes pane. */
export interface DataTableSearchPaneOption {
  /**
   * The value as the table shows it, HTML-escaped (SearchPanes writes it as HTML): a choice's label
   * (`DataTableOptions.choices`), the module's `dataTables.texts` yes or no for a boolean, a date or
   * date-time in the module's `dateFormat` / `datetimeFormat` and `timezone`; `''` for the empty option.
   */
  label: string;
  /** The value SearchPanes sends back when the option is selected; null for the empty option (no value). */
  value: string | null;
  /** Rows of the base query holding the value. */
  total: number;
  /** Rows holding it among those that match the request's search, filters and the other panes' selections. */
  count: number;
}

/** The options of every pane, keyed as SearchPanes looks them up (the column's data source). */
export interface DataTableSearchPanes {
  options: Record<string, DataTableSearchPaneOption[]>;
  /** The keys of the panes that have more values than `limits.maxPaneOptions` (present when one has). */
  truncated?: string[];
}
