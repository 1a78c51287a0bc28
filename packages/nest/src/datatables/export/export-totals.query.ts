import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { type ReadSource, type ResolvedPath, setUpTableQuery } from '../sql/index.js';
import type { DataTableAggregateValues, TableRequest } from '../model/index.js';
import { AggregatesQuery, type PreparedAggregates } from '../aggregates/index.js';

/**
 * The declared aggregates over every row `request` matches (its search, filters, conditions and
 * pane selections), computed by the list's aggregate statements, for an export's totals row.
 */
export async function readExportTotals<T extends ObjectLiteral>(
  base: SelectQueryBuilder<T>,
  request: TableRequest,
  paths: ReadonlyMap<string, ResolvedPath>,
  statementTimeout: number,
  aggregates: PreparedAggregates,
  readSource: ReadSource = 'primary',
): Promise<Record<string, DataTableAggregateValues>> {
  const setup = await setUpTableQuery(base, request, paths, statementTimeout, readSource);
  // No count carries the own columns' aggregates here: read() runs their statement of its own.
  return new AggregatesQuery(setup, aggregates, paths).read(Promise.resolve({ value: 0, kind: 'exact' }));
}
