import type { CollationLanguage } from './dialect/index.js';
import type { LiveTablesOptions } from './live/live.options.js';
import type {
  DataTableClientCompatibility,
  DataTableExportDefaults,
  DataTableCountStrategy,
  TableRequestLimits,
} from './datatables/model/index.js';

/** What a host's permission system knows about the user of a request; `null` means not authenticated. */
export type PermissionsResolver = (
  request: unknown,
) => Iterable<string> | null | undefined | Promise<Iterable<string> | null | undefined>;

/**
 * The languages a request's reader prefers, best first (BCP 47 tags; tags that are none are left
 * out); `null` or none: only entries for every language.
 */
export type LanguageResolver = (
  request: unknown,
) => string | Iterable<string> | null | undefined | Promise<string | Iterable<string> | null | undefined>;

/** Who a request's user is, as help revisions record it; `null`: unknown. */
export type UserNameResolver = (request: unknown) => string | null | undefined | Promise<string | null | undefined>;

/** The four permission strings that guard the help API and the help panel's controls. */
export interface HelpPermissions {
  view: string;
  add: string;
  change: string;
  delete: string;
}

/** Defaults applied to every `@DataTable` endpoint unless the endpoint sets its own. */
export interface DataTablesDefaults {
  pageSize?: number;
  maxPageSize?: number;
  allowAll?: boolean;
  /** Bounds on the work one list request may ask for; see `TableRequestLimits` for the defaults. */
  limits?: Partial<TableRequestLimits>;
  /** Milliseconds one list statement may run before it is stopped with a 503 (default 5000; 0: none). */
  statementTimeout?: number;
  /**
   * The language whose collation orders tables' text unless a table sets its own
   * (`DataTableOptions.collationLanguage`; default `root`, the root collation of Unicode).
   */
  collationLanguage?: CollationLanguage;
  /**
   * How endpoints count unless they say otherwise (`DataTableOptions.count`; default `cached-total`:
   * `recordsFiltered` exact on every request, the total of a filtered request from the count cache).
   */
  count?: DataTableCountStrategy;
  /** Milliseconds a `cached` count or a `cached-total` total is kept (default 60 000). */
  countTtl?: number;
  /** Defaults of every export (`DataTableOptions.export`): `maxRows` (100 000), `chunkSize` (1000), `bom` (false). */
  export?: DataTableExportDefaults;
  /**
   * Module-wide only: the key (at least 32 characters) of the MAC that makes keyset cursors
   * tamper-evident. Default: random per process, so instances behind one load balancer must share one.
   */
  cursorSecret?: string;
  /**
   * Milliseconds a bulk action (`forEachBatch`) may run in all before it is stopped with a 503, its
   * transaction rolled back in `'all'` mode (default 30 000; 0: none). Each statement of its batches
   * is bounded by `statementTimeout`.
   */
  bulkTimeLimit?: number;
  /**
   * The words a table shows for a boolean, which SearchPanes' options of a boolean field carry as
   * their labels and an export writes when its request sends none (default `Yes` and `No`).
   */
  texts?: Partial<DataTableServerTexts>;
}

/** The server's words of a data table (`dataTables.texts`). */
export interface DataTableServerTexts {
  yes: string;
  no: string;
  /** The first cell of an export's totals row (`DataTableExportOptions.totals`). */
  totals: string;
}

/** Bounds on a help import (`POST /help/import/`, `HelpService.import`). */
export interface HelpImportDefaults {
  /** Most entries one file may have: more is a 400 naming this limit (default 2000). */
  maxEntries?: number;
}

export interface WidgetLibModuleOptions {
  /**
   * Resolves the permissions of a request's user. Default: no `request.user` -> `null`; otherwise
   * `user.permissions` plus every `user.groups[].permissions`; `user.isSuperuser === true` holds all.
   */
  getPermissions?: PermissionsResolver;
  /**
   * Names the request's user in the history of help entries. Default: `request.user`'s `username`,
   * `name`, `email` or `id`, the first it has.
   */
  getUserName?: UserNameResolver;
  helpPermissions?: Partial<HelpPermissions>;
  /** Record readers' use of help (`POST /help/usage/`) and summarise it per view (default false: nothing stored). */
  helpUsage?: boolean;
  /** Bounds on help imports; see `HelpImportDefaults`. */
  helpImport?: HelpImportDefaults;
  /** Days the daily counters of readers' use of help are kept (default 180); older ones are removed. */
  helpUsageRetentionDays?: number;
  /**
   * How many distinct users (by `getUserName`) must report a labelled field of a view before help
   * coverage lists it (default 2; 1: the first report counts, as for a single developer).
   */
  helpCoverageReporters?: number;
  /**
   * The reader's languages, which choose among the entries of a field when `GET /help/` has no
   * `language` parameter. Default: the request's `Accept-Language`.
   */
  getLanguage?: LanguageResolver;
  /** Luxon format tokens used to show and parse dates (default `yyyy-MM-dd`). */
  dateFormat?: string;
  /** Luxon format tokens used to show and parse date-times (default `yyyy-MM-dd HH:mm`). */
  datetimeFormat?: string;
  /** IANA time zone in which date-times are shown and date bounds are read (default `UTC`). */
  timezone?: string;
  dataTables?: DataTablesDefaults;
  /**
   * Whose browser code the server answers (default `strict`: widgetlib's own client, every request
   * problem a 400). `djgentelella`: also djgentelella's own `datatables.js` and `helper_widget.js`,
   * as pages still rendered by its templates send them (every `@DataTable` unless it sets its own
   * `clientCompatibility`, and the help API's form fields `ftype` and `pk`); see the migration guide.
   */
  clientCompatibility?: DataTableClientCompatibility;
  /** Live tables' streams: limits, and the Redis server that shares notices between instances. */
  live?: LiveTablesOptions;
}

/** Options only known when the module is declared: they shape its routes, not its behaviour. */
export interface WidgetLibModuleExtras {
  /** Prefix of the library's own routes (default `''`): help routes are `<routePrefix>/help/...`. */
  routePrefix?: string;
}
