import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { ResolvedPath } from '../field-path.resolver.js';
import { runTableQuery, type TableQuerySettings } from '../run-table-query.js';
import type { TableRequest } from '../table-request.types.js';

/** Every row a request matches, counted first, then read chunk by chunk in the list's order. */
export interface RowWalk<T> {
  /** How many rows the request matches (an exact count, made before any row is read). */
  matched: number;
  /** The rows, `chunkSize` at a time; stopping the iteration stops the walk. */
  chunks: AsyncGenerator<T[], void, undefined>;
}

/**
 * Starts the walk of `request`'s rows over `base`: its count, then chunks in the request's
 * ordering (the primary key last). TEMPORARY: pages by offset until the keyset walker lands.
 */
export async function startRowWalk<T extends ObjectLiteral>(
  base: SelectQueryBuilder<T>,
  request: TableRequest,
  paths: ReadonlyMap<string, ResolvedPath>,
  settings: Pick<TableQuerySettings, 'statementTimeout'>,
  chunkSize: number,
): Promise<RowWalk<T>> {
  const page = (offset: number) =>
    runTableQuery(base.clone(), { ...request, offset, limit: chunkSize }, paths, {
      statementTimeout: settings.statementTimeout,
    });
  const first = await page(0);
  async function* chunks(): AsyncGenerator<T[], void, undefined> {
    let entities = first.entities;
    let offset = 0;
    while (entities.length > 0) {
      yield entities;
      if (entities.length < chunkSize) return;
      offset += chunkSize;
      entities = (await page(offset)).entities;
    }
  }
  return { matched: first.recordsFiltered.value, chunks: chunks() };
}
