import type { DataSource, QueryRunner, ReplicationMode } from 'typeorm';
import { databaseDialect, stoppedByTimeout } from '../../dialect/index.js';

/** A statement of a list request that the database stopped because it ran past the statement timeout. */
export class StatementTimeoutError extends Error {
  constructor(readonly milliseconds: number) {
    super(`a statement ran longer than ${milliseconds} ms and was stopped`);
    this.name = 'StatementTimeoutError';
  }
}

/** `runner` with every statement it is given rewritten first. */
function rewritingRunner(runner: QueryRunner, rewrite: (sql: string) => string): QueryRunner {
  return new Proxy(runner, {
    get(target, property) {
      if (property === 'query') {
        return (sql: string, ...rest: unknown[]) =>
          (target.query as (...args: unknown[]) => Promise<unknown>)(rewrite(sql), ...rest);
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Runs `work` (one statement) so that the database stops it after `milliseconds` (0: no limit),
 * on a query runner of its own that goes back to the pool as it came; a statement stopped that way
 * rejects with {@link StatementTimeoutError}. Each dialect says how its server bounds a statement
 * (`DatabaseDialect.statementBound`). With replication configured, the runner reads from the
 * primary (`master`) or a replica (`slave`) as `mode` says; without it `mode` changes nothing.
 */
export async function withStatementTimeout<R>(
  dataSource: DataSource,
  milliseconds: number,
  work: (runner: QueryRunner | undefined) => Promise<R>,
  mode: ReplicationMode = 'master',
): Promise<R> {
  const bound =
    milliseconds > 0
      ? (await databaseDialect(dataSource)).statementBound(milliseconds)
      : { kind: 'parameter' as const };
  // Without a runner of its own a SELECT goes where TypeORM sends reads by default (a replica).
  if (bound.kind === 'parameter' && !dataSource.driver.isReplicated) {
    return translated(milliseconds, () => work(undefined));
  }
  const runner = dataSource.createQueryRunner(mode);
  try {
    if (bound.kind === 'parameter') return await translated(milliseconds, () => work(runner));
    if (bound.kind === 'rewrite')
      return await translated(milliseconds, () => work(rewritingRunner(runner, bound.rewrite)));
    await runner.query(bound.begin);
    let result: R;
    try {
      result = await translated(milliseconds, () => work(runner));
    } catch (error) {
      // A rollback that fails too (the connection lost) must not hide why the statement failed.
      await runner.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    await runner.query('COMMIT');
    return result;
  } finally {
    await runner.release();
  }
}

async function translated<R>(milliseconds: number, work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (error) {
    throw stoppedByTimeout(error) ? new StatementTimeoutError(milliseconds) : error;
  }
}
