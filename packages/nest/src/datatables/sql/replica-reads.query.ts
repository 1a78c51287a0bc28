import { Logger } from '@nestjs/common';
import type { DataSource, ReplicationMode } from 'typeorm';
import { isDatabaseUnavailableError } from '../../common/database-unavailable.exception.js';

/**
 * Where the statements of one list, its counts and pane options, or one export read: a replica of
 * the host's data source (when it configures TypeORM's `replication`), or its primary.
 */
export type ReadSource = 'replica' | 'primary';

const logger = new Logger('WidgetLibReplicaReads');
/** The data sources whose replica failed last time it was asked, so that the fall-back is logged once. */
const replicaDown = new WeakSet<DataSource>();

/**
 * Runs `read` on a replica when `source` says so and `dataSource` has replicas, on the primary
 * otherwise. A replica that cannot be reached (down, restarting, or its connection lost during the
 * statement) does not fail the read: it runs again on the primary (a read is safe to repeat).
 */
export async function readFrom<R>(
  dataSource: DataSource,
  source: ReadSource,
  read: (mode: ReplicationMode) => Promise<R>,
): Promise<R> {
  if (source === 'primary' || !dataSource.driver.isReplicated) return read('master');
  let result: R;
  try {
    result = await read('slave');
  } catch (error) {
    if (!isDatabaseUnavailableError(error)) throw error;
    if (!replicaDown.has(dataSource)) {
      replicaDown.add(dataSource);
      logger.warn(`A replica cannot be reached; lists read from the primary until it can: ${String(error)}`);
    }
    return read('master');
  }
  if (replicaDown.delete(dataSource)) logger.log('The replicas answer again; lists read from them');
  return result;
}
