import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { type ReadSource, type ResolvedPath, setUpTableQuery } from '../sql/index.js';
import type { KeyValue } from '../model/index.js';
import { snapshotRowChunks } from './snapshot-rows.query.js';
import { readTablePage } from './table-page.query.js';
import type { TableRequest } from '../model/index.js';

/** A chunk of a walk: its entities, and the key values of its last row when more rows follow. */
export interface WalkedChunk<T> {
  entities: T[];
  /** Where the next chunk starts: what a cursor carries (null after the last chunk). */
  next: KeyValue[] | null;
}

/** Options of a walk. */
export interface WalkOptions {
  /** Rows per chunk (per statement). */
  chunkSize: number;
  /** Milliseconds each statement may run (0 or absent: no limit). */
  statementTimeout?: number;
  /** Where the chunks are read (default `primary`). */
  readSource?: ReadSource;
}

function checkChunkSize(chunkSize: number): void {
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1) {
    throw new Error(`a walk's chunkSize must be a positive integer, got ${String(chunkSize)}`);
  }
}

/**
 * Every row the request's search, filters and conditions keep, in its ordering (the primary key
 * last), as chunks of `chunkSize` read by keyset: each chunk is one statement for the rows after the
 * previous chunk's last row, so that the cost of a chunk does not grow with its depth, and a row
 * written or removed between two chunks neither repeats nor hides another row. Starts from the
 * request's `keyset.after` when it has one; its offset and limit are not used. No counts are made.
 */
export async function* walkTableRows<T extends ObjectLiteral>(
  baseQuery: SelectQueryBuilder<T>,
  request: TableRequest,
  paths: ReadonlyMap<string, ResolvedPath>,
  options: WalkOptions,
): AsyncGenerator<WalkedChunk<T>, void, undefined> {
  checkChunkSize(options.chunkSize);
  let after = request.keyset?.after ?? null;
  do {
    // Each chunk its own statements and deadline: a long walk is not one long request.
    const setup = await setUpTableQuery(baseQuery, request, paths, options.statementTimeout ?? 0, options.readSource);
    const page = await readTablePage(setup, {
      ordering: request.ordering,
      offset: 0,
      limit: options.chunkSize,
      after,
    });
    yield page;
    after = page.next;
  } while (after !== null);
}

/**
 * Every row the request's search, filters and conditions keep, in its ordering (the primary key
 * last), as chunks of at most `chunkSize` entities (none empty), from its first row: where the
 * dialect orders a walk once (`DatabaseDialect.orderSnapshots`), read by position from that
 * snapshot ({@link snapshotRowChunks}); otherwise, or when the snapshot cannot be taken, by keyset
 * ({@link walkTableRows}). No counts are made.
 */
export async function* walkOrderedRows<T extends ObjectLiteral>(
  baseQuery: SelectQueryBuilder<T>,
  request: TableRequest,
  paths: ReadonlyMap<string, ResolvedPath>,
  options: WalkOptions,
): AsyncGenerator<T[], void, undefined> {
  checkChunkSize(options.chunkSize);
  const whole: TableRequest = { ...request, keyset: null };
  const setup = await setUpTableQuery(baseQuery, whole, paths, options.statementTimeout ?? 0, options.readSource);
  const { orderSnapshots } = setup.sql.dialect;
  const snapshot =
    orderSnapshots && (await snapshotRowChunks(setup, whole.ordering, options.chunkSize, orderSnapshots));
  const chunks = snapshot ?? keysetEntities(walkTableRows(baseQuery, whole, paths, options));
  for await (const chunk of chunks) if (chunk.length > 0) yield chunk;
}

async function* keysetEntities<T>(
  chunks: AsyncGenerator<WalkedChunk<T>, void, undefined>,
): AsyncGenerator<T[], void, undefined> {
  for await (const chunk of chunks) yield chunk.entities;
}
