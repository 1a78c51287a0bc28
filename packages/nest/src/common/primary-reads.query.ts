import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs `work` with an entity manager whose reads go to the primary: where the data source has
 * replicas, TypeORM sends a SELECT without a query runner of its own to one of them, so the reads
 * that must see the latest writes (a record's own route, saved views, help) run on a primary's runner.
 */
export async function onPrimary<R>(dataSource: DataSource, work: (manager: EntityManager) => Promise<R>): Promise<R> {
  if (!dataSource.driver.isReplicated) return work(dataSource.manager);
  const runner = dataSource.createQueryRunner('master');
  try {
    return await work(runner.manager);
  } finally {
    await runner.release();
  }
}
