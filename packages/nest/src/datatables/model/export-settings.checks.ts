import {
  DEFAULT_EXPORT_CHUNK_SIZE,
  DEFAULT_EXPORT_MAX_ROWS,
  EXPORT_FORMATS,
  EXPORT_VALUES,
  MAX_EXPORT_CHUNK_SIZE,
  type DataTableExportColumn,
  type DataTableExportDefaults,
  type DataTableExportFormat,
  type DataTableExportOptions,
  type DataTableExportValues,
} from './export.options.js';

/** The module's export defaults once resolved: `bom` null follows the values (see `DataTableExportOptions.bom`). */
export type ResolvedExportDefaults = Required<Omit<DataTableExportDefaults, 'bom'>> & { bom: boolean | null };

/** An endpoint's export options with the module's defaults, checked. */
export interface ExportSettings {
  formats: readonly DataTableExportFormat[];
  /** The declared columns, or null: the first row's leaf paths. */
  columns: readonly Required<DataTableExportColumn>[] | null;
  fileName: string;
  maxRows: number;
  chunkSize: number;
  /** Null: a byte order mark with `shown` values only. */
  bom: boolean | null;
  values: DataTableExportValues;
  /** Whether the file ends with a totals row when the request has no `totals`. */
  totals: boolean;
}

export const EXPORT_DEFAULTS: ResolvedExportDefaults = {
  maxRows: DEFAULT_EXPORT_MAX_ROWS,
  chunkSize: DEFAULT_EXPORT_CHUNK_SIZE,
  bom: null,
  values: 'shown',
};

function valuesProblem(name: string, values: unknown): string | null {
  return (EXPORT_VALUES as readonly unknown[]).includes(values)
    ? null
    : `${name} must be one of ${EXPORT_VALUES.join(', ')}, not ${JSON.stringify(values)}`;
}

function wholeProblem(name: string, value: number, max: number): string | null {
  return Number.isSafeInteger(value) && value >= 1 && value <= max
    ? null
    : `${name} must be a whole number from 1 to ${max}, not ${String(value)}`;
}

/** The module-wide export defaults with the library's, or the mistakes in them. */
export function resolveExportDefaults(given: DataTableExportDefaults = {}): {
  defaults: ResolvedExportDefaults;
  problems: string[];
} {
  const defaults = { ...EXPORT_DEFAULTS, ...given };
  const problems = [
    wholeProblem('export.maxRows', defaults.maxRows, Number.MAX_SAFE_INTEGER),
    wholeProblem('export.chunkSize', defaults.chunkSize, MAX_EXPORT_CHUNK_SIZE),
    valuesProblem('export.values', defaults.values),
  ].filter((problem): problem is string => problem !== null);
  return { defaults, problems };
}

/** The export settings of one endpoint; `tableName` names its files unless `fileName` does. */
export function resolveExportSettings(
  options: DataTableExportOptions = {},
  defaults: ResolvedExportDefaults,
  tableName: string,
): { settings: ExportSettings; problems: [] } | { settings: null; problems: string[] } {
  const problems: string[] = [];
  const formats = options.formats ?? [...EXPORT_FORMATS];
  const unknown = formats.filter((format) => !(EXPORT_FORMATS as readonly string[]).includes(format));
  if (unknown.length > 0 || formats.length === 0)
    problems.push(`export.formats must name some of ${EXPORT_FORMATS.join(', ')}, got ${JSON.stringify(formats)}`);
  const columns =
    options.columns?.map((column) =>
      typeof column === 'string'
        ? { data: column, title: column }
        : { data: column.data, title: column.title ?? column.data },
    ) ?? null;
  if (columns?.length === 0) problems.push('export.columns must name at least one column');
  for (const { data, title } of columns ?? []) {
    const texts = typeof title === 'string' ? [title] : Object.values(title ?? {});
    if (texts.length === 0 || texts.some((text) => typeof text !== 'string' || text === ''))
      problems.push(`export.columns: the title of ${data} must be a text, or texts by language tag`);
  }
  if (columns && new Set(columns.map((column) => column.data)).size !== columns.length)
    problems.push('export.columns names a column more than once');
  const maxRows = options.maxRows ?? defaults.maxRows;
  const chunkSize = options.chunkSize ?? defaults.chunkSize;
  problems.push(
    ...[
      wholeProblem('export.maxRows', maxRows, Number.MAX_SAFE_INTEGER),
      wholeProblem('export.chunkSize', chunkSize, MAX_EXPORT_CHUNK_SIZE),
      valuesProblem('export.values', options.values ?? defaults.values),
    ].filter((problem): problem is string => problem !== null),
  );
  if (options.totals !== undefined && typeof options.totals !== 'boolean')
    problems.push(`export.totals must be true or false, not ${JSON.stringify(options.totals)}`);
  if (problems.length > 0) return { settings: null, problems };
  return {
    settings: {
      formats,
      columns,
      fileName: options.fileName ?? tableName,
      maxRows,
      chunkSize,
      bom: options.bom ?? defaults.bom,
      values: options.values ?? defaults.values,
      totals: options.totals ?? false,
    },
    problems: [],
  };
}
