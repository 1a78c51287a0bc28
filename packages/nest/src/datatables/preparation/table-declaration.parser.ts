import type { EntityMetadata } from 'typeorm';
import type { WidgetLibConfig } from '../../widgetlib.config.js';
import {
  type DataTableOptions,
  resolveTableRequestLimits,
  statementTimeoutProblem,
  parseOrderingField,
  type FieldSpec,
  type TableRequestContext,
  parseChoices,
  type DeclaredChoiceLabels,
  columnControlProblems,
  CLIENT_COMPATIBILITIES,
} from '../model/index.js';
import { countStrategyProblems, DEFAULT_COUNT_CAP, DEFAULT_ESTIMATE_ABOVE } from '../model/index.js';
import { fieldSpecOf, resolveFieldPath, type ResolvedPath } from '../sql/index.js';
import { tableContextProblems } from './table-options.checks.js';
import { parseAggregates, type PreparedAggregates } from '../aggregates/index.js';
import { collationLanguageProblem } from '../../dialect/index.js';

/** What a table's preparation reads of the module's configuration. */
export type TableConfig = Pick<
  WidgetLibConfig,
  'dataTables' | 'timezone' | 'dateFormat' | 'datetimeFormat' | 'clientCompatibility'
>;

/** An endpoint's options made ready for requests over one entity: checked once, then reused. */
export interface PreparedTable {
  context: TableRequestContext;
  paths: ReadonlyMap<string, ResolvedPath>;
  statementTimeout: number;
  /** The most rows a count reads (`count: 'capped'`), or null to count every row. */
  countCap: number | null;
  /**
   * How counts are kept: every count (`count: 'cached'`) or only the total (`count: 'cached-total'`),
   * for `ttl` milliseconds; null to count on every request.
   */
  countCache: { ttl: number; totalOnly: boolean } | null;
  /** Rows from which every request's total is the planner's estimate (`count: 'estimated'`), or null. */
  estimateAbove: number | null;
  /** The labels of each path's values (`choices`, per language where declared so), keyed by path. */
  choices: ReadonlyMap<string, DeclaredChoiceLabels>;
  /** The field of each path of `choices`. */
  choiceFields: ReadonlyMap<string, FieldSpec>;
  /** The declared `aggregates` and `rowGroup`, or null when there are none. */
  aggregates: PreparedAggregates | null;
}

/** The context's ColumnControl lists: each path's most options (`limit`, else `maxPaneOptions`). */
function columnControlContext(
  options: DataTableOptions,
  maxPaneOptions: number,
): Pick<TableRequestContext, 'columnControl'> {
  const declared = options.columnControl;
  if (!declared || typeof declared.lists !== 'object' || declared.lists === null) return {};
  const lists = new Map(Object.entries(declared.lists).map(([path, list]) => [path, list?.limit ?? maxPaneOptions]));
  return { columnControl: { lists, cascade: declared.cascade === true } };
}

/**
 * The endpoint's options with the module's defaults, every path resolved through the entity's
 * metadata; or the mistakes in them: a path that is not a field, an ordering across a to-many
 * relation, a path over a hidden column (`select: false` or `@Exclude`) not listed in
 * `allowHiddenPaths`, a `choices` path that is not a field or a choice that is no `[value, label]`
 * pair, a limit or setting out of range.
 */
export function prepareTable(
  options: DataTableOptions,
  metadata: EntityMetadata,
  config: TableConfig,
): { table: PreparedTable; problems: [] } | { table: null; problems: string[] } {
  const defaults = config.dataTables;
  const orderingFields = options.orderingFields ?? [];
  const filters = options.filters ?? {};
  const allowedHidden = new Set(options.allowHiddenPaths ?? []);
  const problems: string[] = [];
  const paths = new Map<string, ResolvedPath>();
  const allPaths = new Set([
    ...(options.searchFields ?? []),
    ...orderingFields,
    ...Object.keys(filters),
    ...(options.panes ?? []),
    ...Object.keys(options.columnControl?.lists ?? {}),
    ...(options.defaultOrdering ?? []).map((field) => parseOrderingField(field).path),
  ]);
  for (const path of allPaths) {
    try {
      const resolved = resolveFieldPath(metadata, path);
      paths.set(path, resolved);
      if (resolved.hidden && !allowedHidden.has(path)) {
        problems.push(
          `${path} reaches a hidden column (select: false or @Exclude): searching, filtering or ordering by it ` +
            'would reveal its values; list it in allowHiddenPaths if that is intended',
        );
      }
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  for (const path of options.binaryCollation ?? []) {
    const resolved = paths.get(path);
    if (!resolved) problems.push(`binaryCollation names ${path}, which no search field, ordering, filter or pane uses`);
    else if (resolved.field.kind !== 'string' || resolved.field.choices)
      problems.push(`binaryCollation names ${path}, which is not free text`);
    else resolved.binaryCollation = true;
  }
  for (const path of allowedHidden) {
    if (!allPaths.has(path))
      problems.push(`allowHiddenPaths names ${path}, which no search field, ordering or filter uses`);
  }
  const choices = parseChoices(options.choices);
  problems.push(...choices.problems);
  const choiceFields = new Map<string, FieldSpec>();
  for (const path of choices.labels.keys()) {
    try {
      choiceFields.set(path, resolveFieldPath(metadata, path).field);
    } catch (error) {
      problems.push(`choices.${path}: ${(error as Error).message}`);
    }
  }
  const aggregates = parseAggregates(options.aggregates, options.rowGroup, metadata);
  problems.push(...aggregates.problems);
  // Their tables are read too: the count cache forgets what a write to them changes.
  for (const column of [...(aggregates.prepared?.own ?? []), ...(aggregates.prepared?.toMany.flat() ?? [])])
    if (!paths.has(column.path)) paths.set(column.path, column.resolved);
  const group = aggregates.prepared?.group;
  if (group && !paths.has(group.path)) paths.set(group.path, group);
  for (const path of orderingFields) {
    if (paths.get(path)?.toMany) problems.push(`ordering field ${path} crosses a to-many relation`);
  }
  const collationLanguage = options.collationLanguage ?? defaults.collationLanguage;
  const languageProblem = collationLanguageProblem('collationLanguage', collationLanguage);
  if (languageProblem) problems.push(languageProblem);
  for (const resolved of paths.values()) resolved.collationLanguage = collationLanguage;
  const fields = new Map<string, FieldSpec>([...paths].map(([path, resolved]) => [path, resolved.field]));
  const limits = resolveTableRequestLimits(defaults.limits, options.limits);
  problems.push(...limits.problems, ...columnControlProblems(options.columnControl));
  const statementTimeout = options.statementTimeout ?? defaults.statementTimeout;
  const timeoutProblem = statementTimeoutProblem(statementTimeout);
  if (timeoutProblem) problems.push(timeoutProblem);
  const compatibility = options.clientCompatibility ?? config.clientCompatibility;
  if (!CLIENT_COMPATIBILITIES.includes(compatibility)) {
    problems.push(
      `clientCompatibility must be one of ${CLIENT_COMPATIBILITIES.join(', ')}, not ${String(compatibility)}`,
    );
  }
  const context: TableRequestContext = {
    fields,
    searchFields: options.searchFields ?? [],
    orderingFields,
    defaultOrdering: options.defaultOrdering ?? [],
    filters,
    panes: options.panes ?? [],
    ...columnControlContext(options, limits.limits.maxPaneOptions),
    pageSize: options.pageSize ?? Math.min(defaults.pageSize, options.maxPageSize ?? defaults.maxPageSize),
    maxPageSize: options.maxPageSize ?? defaults.maxPageSize,
    allowAll: options.allowAll ?? defaults.allowAll,
    timezone: config.timezone,
    limits: limits.limits,
    cursorSecret: defaults.cursorSecret,
    ...(compatibility === 'djgentelella'
      ? {
          compatibility: {
            client: compatibility,
            dateFormat: config.dateFormat,
            datetimeFormat: config.datetimeFormat,
          },
        }
      : {}),
    ...(metadata.primaryColumns.length === 1 ? { primaryKey: fieldSpecOf(metadata.primaryColumns[0]!) } : {}),
  };
  problems.push(...tableContextProblems(context));
  const { estimatedTotalAbove } = options;
  if (estimatedTotalAbove !== undefined && !(Number.isSafeInteger(estimatedTotalAbove) && estimatedTotalAbove >= 0)) {
    problems.push(`estimatedTotalAbove must be a whole number of rows >= 0, not ${String(estimatedTotalAbove)}`);
  }
  const { count = defaults.count, countCap = DEFAULT_COUNT_CAP, countTtl = defaults.countTtl } = options;
  problems.push(...countStrategyProblems(count, countTtl, countCap));
  if (problems.length > 0) return { table: null, problems };
  return {
    table: {
      context,
      paths,
      statementTimeout,
      countCap: count === 'capped' ? countCap : null,
      countCache:
        count === 'cached' || count === 'cached-total' ? { ttl: countTtl, totalOnly: count !== 'cached' } : null,
      estimateAbove: count === 'estimated' ? (estimatedTotalAbove ?? DEFAULT_ESTIMATE_ABOVE) : null,
      choices: choices.labels,
      choiceFields,
      aggregates: aggregates.prepared,
    },
    problems: [],
  };
}
