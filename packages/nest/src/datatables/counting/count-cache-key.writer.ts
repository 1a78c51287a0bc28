import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { DataSource, EntityMetadata } from 'typeorm';
import type { ResolvedPath } from '../sql/index.js';

const PREFIX = 'widgetlib:count';

const identities = new WeakMap<DataSource, string>();

/** What tells two databases apart: a count of one is never answered for another. */
export function dataSourceIdentity(dataSource: DataSource): string {
  let identity = identities.get(dataSource);
  if (identity === undefined) identities.set(dataSource, (identity = writtenIdentity(dataSource)));
  return identity;
}

function writtenIdentity(dataSource: DataSource): string {
  const { type, url, host, port, database } = dataSource.options as {
    type: string;
    url?: string;
    host?: string;
    port?: number;
    database?: unknown;
  };
  return JSON.stringify([type, url, host, port, database, dataSource.driver.database]);
}

/** Where the write generation of a table is kept. */
export function generationKey(table: string): string {
  return `${PREFIX}:generation:${table}`;
}

/** Where the time of a table's last write is kept while reads of it go to the primary. */
export function recentWriteKey(table: string): string {
  return `${PREFIX}:written:${table}`;
}

/**
 * The key of one count: a hash of its statement, of the data source it runs on, and of the write
 * generations of the tables it reads (a table never written since the cache started has none).
 */
export function countCacheKey(
  statement: { sql: string; parameters: unknown; source: string },
  tables: readonly string[],
  generations: ReadonlyArray<string | undefined>,
): string {
  let hashed = JSON.stringify([statement.source, statement.sql, statement.parameters]);
  tables.forEach((table, index) => (hashed += `\u0000${table}\u0000${generations[index] ?? ''}`));
  let key = hashedKeys.get(hashed);
  if (key === undefined) {
    key = `${PREFIX}:${createHash('sha256').update(hashed).digest('base64url')}`;
    hashedKeys.set(hashed, key);
  }
  return key;
}

/** The most keys {@link countCacheKey} keeps: a list request keys its counts on every request, mostly the same. */
const HASHED_KEYS_KEPT = 1_000;
/** The keys of the texts hashed lately (hashing costs more than finding the text in a map). */
const hashedKeys = new LRUCache<string, string>({ max: HASHED_KEYS_KEPT });

/** The tables a write to `metadata`'s entity may change: its own and its many-to-many join tables. */
export function writtenTables(metadata: EntityMetadata): string[] {
  const tables = new Set([metadata.tablePath]);
  for (const relation of metadata.manyToManyRelations) {
    if (relation.junctionEntityMetadata) tables.add(relation.junctionEntityMetadata.tablePath);
  }
  return [...tables].sort();
}

/**
 * The tables a count of the table may read: those of the base query's joins and every table on the
 * way of a declared path (a filter or search across relations reads them in subqueries).
 */
function readTables(joined: readonly EntityMetadata[], paths: Iterable<ResolvedPath>): string[] {
  const tables = new Set(joined.flatMap(writtenTables));
  for (const path of paths) {
    for (const relation of path.relations) {
      tables.add(relation.inverseEntityMetadata.tablePath);
      if (relation.junctionEntityMetadata) tables.add(relation.junctionEntityMetadata.tablePath);
    }
  }
  return [...tables].sort();
}

/** Per declared paths, the tables of the joined entities seen with them (a table's base query joins the same ones). */
const tablesByPaths = new WeakMap<
  ReadonlyMap<string, ResolvedPath>,
  { joined: EntityMetadata[]; tables: string[] }[]
>();
/** The most sets of joined entities remembered per declared paths. */
const JOIN_SETS_KEPT = 8;

/** {@link readTables} of a table's declared `paths`, remembered for the same joined entities. */
export function tablesReadBy(joined: EntityMetadata[], paths: ReadonlyMap<string, ResolvedPath>): string[] {
  let seen = tablesByPaths.get(paths);
  if (!seen) tablesByPaths.set(paths, (seen = []));
  const same = seen.find(
    (each) =>
      each.joined.length === joined.length && each.joined.every((metadata, index) => metadata === joined[index]),
  );
  if (same) return same.tables;
  const tables = readTables(joined, paths.values());
  if (seen.length < JOIN_SETS_KEPT) seen.push({ joined, tables });
  return tables;
}
