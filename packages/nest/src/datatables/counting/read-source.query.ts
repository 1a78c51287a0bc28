import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { aliasMetadata, type ReadSource, type ResolvedPath } from '../sql/index.js';
import { tablesReadBy } from './count-cache-key.writer.js';
import type { DataTableCounts } from './datatable-counts.service.js';

/**
 * Where a list or an export over `base` reads: from a replica, unless a table it may read was
 * written moments ago (`DataTableCounts.writtenRecently`), when the primary answers, so that what was
 * just saved shows (and no count the replica made before the write is cached). Data sources
 * without replicas read from the primary.
 */
export async function listReadSource(
  counts: DataTableCounts,
  base: SelectQueryBuilder<ObjectLiteral>,
  paths: ReadonlyMap<string, ResolvedPath>,
): Promise<ReadSource> {
  if (!base.connection.driver.isReplicated) return 'primary';
  const tables = tablesReadBy(aliasMetadata(base), paths);
  return (await counts.writtenRecently(tables)) ? 'primary' : 'replica';
}
