import { countStrategyProblems, DEFAULT_COUNT_TTL_MS } from './datatables/count-strategy.checks.js';
import { resolveExportDefaults } from './datatables/export/export.settings.js';
import type { DataTableExportDefaults } from './datatables/export/export.options.js';
import { Inject } from '@nestjs/common';
import { Info } from 'luxon';
import { DEFAULT_DATE_FORMAT, DEFAULT_DATETIME_FORMAT, DEFAULT_TIMEZONE } from './dates/date-field.constants.js';
import { normaliseRoutePrefix } from './views/route-path.js';
import {
  DEFAULT_STATEMENT_TIMEOUT_MS,
  DEFAULT_TABLE_REQUEST_LIMITS,
  resolveTableRequestLimits,
  statementTimeoutProblem,
  type TableRequestLimits,
} from './datatables/table-request.limits.js';
import { defaultGetLanguage } from './help/default-language.resolver.js';
import { DEFAULT_HELP_COVERAGE_REPORTERS } from './help/help-coverage.js';
import { DEFAULT_HELP_USAGE_RETENTION_DAYS } from './help/help-usage.js';
import { defaultGetPermissions } from './permissions/default-permissions.resolver.js';
import { defaultGetUserName } from './permissions/default-user-name.resolver.js';
import type {
  DataTablesDefaults,
  HelpPermissions,
  LanguageResolver,
  PermissionsResolver,
  UserNameResolver,
  WidgetLibModuleExtras,
  WidgetLibModuleOptions,
} from './widgetlib-options.interface.js';

/** The module's options with every default applied; what the library's parts read. */
export interface WidgetLibConfig {
  routePrefix: string;
  getPermissions: PermissionsResolver;
  getLanguage: LanguageResolver;
  getUserName: UserNameResolver;
  helpPermissions: HelpPermissions;
  helpUsage: boolean;
  helpUsageRetentionDays: number;
  helpCoverageReporters: number;
  dateFormat: string;
  datetimeFormat: string;
  timezone: string;
  dataTables: Required<Omit<DataTablesDefaults, 'limits' | 'export'>> & {
    limits: TableRequestLimits;
    export: Required<DataTableExportDefaults>;
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
  const pageSize = positiveInteger('dataTables.pageSize', options.dataTables?.pageSize ?? 10);
  const maxPageSize = positiveInteger('dataTables.maxPageSize', options.dataTables?.maxPageSize ?? 100);
  if (pageSize > maxPageSize) {
    throw new Error(`WidgetLibModule option dataTables.pageSize (${pageSize}) exceeds maxPageSize (${maxPageSize})`);
  }
  const { limits, problems } = resolveTableRequestLimits(DEFAULT_TABLE_REQUEST_LIMITS, options.dataTables?.limits);
  const statementTimeout = options.dataTables?.statementTimeout ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const timeoutProblem = statementTimeoutProblem(statementTimeout);
  if (timeoutProblem) problems.push(timeoutProblem);
  const count = options.dataTables?.count ?? 'exact';
  const countTtl = options.dataTables?.countTtl ?? DEFAULT_COUNT_TTL_MS;
  problems.push(...countStrategyProblems(count, countTtl));
  const exports = resolveExportDefaults(options.dataTables?.export);
  problems.push(...exports.problems);
  if (problems.length > 0) throw new Error(`WidgetLibModule option dataTables.${problems.join('; dataTables.')}`);
  return {
    routePrefix: normaliseRoutePrefix(extras.routePrefix ?? ''),
    getPermissions: options.getPermissions ?? defaultGetPermissions,
    getLanguage: options.getLanguage ?? defaultGetLanguage,
    getUserName: options.getUserName ?? defaultGetUserName,
    helpPermissions: { ...DEFAULT_HELP_PERMISSIONS, ...options.helpPermissions },
    helpUsage: options.helpUsage ?? false,
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
    dataTables: {
      pageSize,
      maxPageSize,
      allowAll: options.dataTables?.allowAll ?? false,
      limits,
      statementTimeout,
      count,
      countTtl,
      export: exports.defaults,
    },
  };
}
