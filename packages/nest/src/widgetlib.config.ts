import {
  CLIENT_COMPATIBILITIES,
  type DataTableClientCompatibility,
  countStrategyProblems,
  DEFAULT_COUNT_STRATEGY,
  DEFAULT_COUNT_TTL_MS,
  resolveExportDefaults,
  type ResolvedExportDefaults,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  DEFAULT_TABLE_REQUEST_LIMITS,
  resolveTableRequestLimits,
  statementTimeoutProblem,
  type TableRequestLimits,
} from './datatables/model/index.js';
import { Inject } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Info } from 'luxon';
import { DEFAULT_DATE_FORMAT, DEFAULT_DATETIME_FORMAT, DEFAULT_TIMEZONE } from './dates/date-field.constants.js';
import { normaliseRoutePrefix } from './views/route-path.writer.js';
import { collationLanguageProblem } from './dialect/index.js';
import { userMessageText } from './common/messages/user-messages.writer.js';
import { bulkTimeLimitProblem, DEFAULT_BULK_TIME_LIMIT_MS } from './bulk-actions/bulk-time.checks.js';
import { defaultGetLanguage } from './help/language/default-language.reader.js';
import { DEFAULT_HELP_IMPORT_MAX_ENTRIES } from './help/transfer/help-import.constants.js';
import { DEFAULT_HELP_COVERAGE_REPORTERS } from './help/coverage/help-coverage.checks.js';
import { DEFAULT_HELP_USAGE_RETENTION_DAYS } from './help/usage/help-usage.checks.js';
import { defaultGetPermissions } from './permissions/default-permissions.reader.js';
import { defaultGetUserName } from './permissions/default-user-name.reader.js';
import type {
  DataTablesDefaults,
  DataTableServerTexts,
  HelpImportDefaults,
  HelpPermissions,
  LanguageResolver,
  PermissionsResolver,
  UserNameResolver,
  WidgetLibModuleExtras,
  WidgetLibModuleOptions,
} from './widgetlib.options.js';

/** The module's options with every default applied; what the library's parts read. */
export interface WidgetLibConfig {
  routePrefix: string;
  getPermissions: PermissionsResolver;
  getLanguage: LanguageResolver;
  getUserName: UserNameResolver;
  helpPermissions: HelpPermissions;
  helpUsage: boolean;
  helpImport: Required<HelpImportDefaults>;
  helpUsageRetentionDays: number;
  helpCoverageReporters: number;
  dateFormat: string;
  datetimeFormat: string;
  timezone: string;
  clientCompatibility: DataTableClientCompatibility;
  dataTables: Required<Omit<DataTablesDefaults, 'limits' | 'export' | 'texts'>> & {
    limits: TableRequestLimits;
    export: ResolvedExportDefaults;
    /** The host's words, over the server catalogue's of each request's language (see {@link dataTableTexts}). */
    texts: Partial<DataTableServerTexts>;
  };
}

/** A table's server words in `language`: the host's `dataTables.texts`, else the server catalogue's. */
export function dataTableTexts(config: Pick<WidgetLibConfig, 'dataTables'>, language: string): DataTableServerTexts {
  return {
    yes: userMessageText({ code: 'table.yes' }, language),
    no: userMessageText({ code: 'table.no' }, language),
    totals: userMessageText({ code: 'table.totals' }, language),
    ...config.dataTables.texts,
  };
}

export const WIDGETLIB_CONFIG = Symbol('WIDGETLIB_CONFIG');

/** Injects the resolved `WidgetLibConfig`. */
export const InjectWidgetLibConfig = (): ParameterDecorator => Inject(WIDGETLIB_CONFIG);

export const DEFAULT_HELP_PERMISSIONS: HelpPermissions = {
  view: 'widgetlib.view_help',
  add: 'widgetlib.add_help',
  change: 'widgetlib.change_help',
  delete: 'widgetlib.delete_help',
};

/** The fewest characters of a configured `dataTables.cursorSecret`. */
export const MIN_CURSOR_SECRET_LENGTH = 32;
/** The cursor secret of every module of this process that configures none. */
const PROCESS_CURSOR_SECRET = randomBytes(32).toString('base64url');

function cursorSecret(configured: unknown): string {
  if (configured === undefined) return PROCESS_CURSOR_SECRET;
  if (typeof configured !== 'string' || configured.length < MIN_CURSOR_SECRET_LENGTH) {
    throw new Error(
      `WidgetLibModule option dataTables.cursorSecret must be a text of at least ${MIN_CURSOR_SECRET_LENGTH} ` +
        'characters (e.g. 32 random bytes in base64)',
    );
  }
  return configured;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`WidgetLibModule option ${name} must be a positive integer, got ${value}`);
  }
  return value;
}

export function resolveWidgetLibConfig(
  options: WidgetLibModuleOptions,
  extras: WidgetLibModuleExtras = {},
): WidgetLibConfig {
  const timezone = options.timezone ?? DEFAULT_TIMEZONE;
  if (!Info.isValidIANAZone(timezone)) {
    throw new Error(`WidgetLibModule option timezone "${timezone}" is not an IANA time zone`);
  }
  const clientCompatibility = options.clientCompatibility ?? 'strict';
  if (!CLIENT_COMPATIBILITIES.includes(clientCompatibility)) {
    throw new Error(
      `WidgetLibModule option clientCompatibility must be one of ${CLIENT_COMPATIBILITIES.join(', ')}, ` +
        `got ${String(clientCompatibility)}`,
    );
  }
  const pageSize = positiveInteger('dataTables.pageSize', options.dataTables?.pageSize ?? 10);
  const maxPageSize = positiveInteger('dataTables.maxPageSize', options.dataTables?.maxPageSize ?? 100);
  if (pageSize > maxPageSize) {
    throw new Error(`WidgetLibModule option dataTables.pageSize (${pageSize}) exceeds maxPageSize (${maxPageSize})`);
  }
  const { limits, problems } = resolveTableRequestLimits(DEFAULT_TABLE_REQUEST_LIMITS, options.dataTables?.limits);
  const statementTimeout = options.dataTables?.statementTimeout ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const timeoutProblem = statementTimeoutProblem(statementTimeout);
  if (timeoutProblem) problems.push(timeoutProblem);
  const count = options.dataTables?.count ?? DEFAULT_COUNT_STRATEGY;
  const countTtl = options.dataTables?.countTtl ?? DEFAULT_COUNT_TTL_MS;
  problems.push(...countStrategyProblems(count, countTtl));
  const exports = resolveExportDefaults(options.dataTables?.export);
  problems.push(...exports.problems);
  const bulkTimeLimit = options.dataTables?.bulkTimeLimit ?? DEFAULT_BULK_TIME_LIMIT_MS;
  const bulkProblem = bulkTimeLimitProblem(bulkTimeLimit);
  if (bulkProblem) problems.push(bulkProblem);
  const collationLanguage = options.dataTables?.collationLanguage ?? 'root';
  const languageProblem = collationLanguageProblem('collationLanguage', collationLanguage);
  if (languageProblem) problems.push(languageProblem);
  const texts = { ...options.dataTables?.texts };
  for (const [name, word] of Object.entries(texts)) {
    if (typeof word !== 'string' || word.trim() === '') problems.push(`texts.${name} must be a non-empty text`);
  }
  if (problems.length > 0) throw new Error(`WidgetLibModule option dataTables.${problems.join('; dataTables.')}`);
  return {
    routePrefix: normaliseRoutePrefix(extras.routePrefix ?? ''),
    getPermissions: options.getPermissions ?? defaultGetPermissions,
    getLanguage: options.getLanguage ?? defaultGetLanguage,
    getUserName: options.getUserName ?? defaultGetUserName,
    helpPermissions: { ...DEFAULT_HELP_PERMISSIONS, ...options.helpPermissions },
    helpUsage: options.helpUsage ?? false,
    helpImport: {
      maxEntries: positiveInteger(
        'helpImport.maxEntries',
        options.helpImport?.maxEntries ?? DEFAULT_HELP_IMPORT_MAX_ENTRIES,
      ),
    },
    helpUsageRetentionDays: positiveInteger(
      'helpUsageRetentionDays',
      options.helpUsageRetentionDays ?? DEFAULT_HELP_USAGE_RETENTION_DAYS,
    ),
    helpCoverageReporters: positiveInteger(
      'helpCoverageReporters',
      options.helpCoverageReporters ?? DEFAULT_HELP_COVERAGE_REPORTERS,
    ),
    dateFormat: options.dateFormat ?? DEFAULT_DATE_FORMAT,
    datetimeFormat: options.datetimeFormat ?? DEFAULT_DATETIME_FORMAT,
    timezone,
    clientCompatibility,
    dataTables: {
      pageSize,
      maxPageSize,
      allowAll: options.dataTables?.allowAll ?? false,
      limits,
      statementTimeout,
      collationLanguage,
      count,
      countTtl,
      export: exports.defaults,
      cursorSecret: cursorSecret(options.dataTables?.cursorSecret),
      bulkTimeLimit,
      texts,
    },
  };
}
