import type { DataSource, QueryRunner, ReplicationMode } from 'typeorm';
import {
  databaseDialect,
  type DatabaseDialect,
  type StatementCanceller,
  stoppedByTimeout,
} from '../../dialect/index.js';

/** A statement of a list request that the database stopped because it ran past the statement timeout. */
export class StatementTimeoutError extends Error {
  constructor(readonly milliseconds: number) {
    super(`a statement ran longer than ${milliseconds} ms and was stopped`);
    this.name = 'StatementTimeoutError';
  }
}

type Query = (sql: string, ...rest: unknown[]) => Promise<unknown>;

/** `runner` with its `query` (every statement TypeORM runs through it) replaced by `wrap` of it. */
function wrappingQueries(runner: QueryRunner, wrap: (query: Query) => Query): QueryRunner {
  const query = wrap((runner.query as Query).bind(runner));
  return new Proxy(runner, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Each statement cancelled once it has run `milliseconds`. A statement answers (or fails) only once
 * the cancel it may have sent is settled, so that the cancel cannot meet a later statement on the
 * connection.
 */
function cancelledAfter(milliseconds: number, cancel: StatementCanceller): (query: Query) => Query {
  return (query) =>
    async (sql, ...rest) => {
      let cancelling: Promise<void> = Promise.resolve();
      const timer = setTimeout(() => {
        cancelling = cancel();
      }, milliseconds);
      try {
        return await query(sql, ...rest);
      } finally {
        clearTimeout(timer);
        await cancelling;
      }
    };
}

/**
 * Runs `work` (one statement) so that the database stops it after `milliseconds` (0: no limit),
 * with no statement more than its own: where the server bounds it, on a query runner of its own that
 * goes back to the pool as it came. A statement stopped that way rejects with
 * {@link StatementTimeoutError}. Each dialect says how its server bounds a statement
 * (`DatabaseDialect.statementBound`).
 * With replication configured, the runner reads from the primary (`master`) or a replica (`slave`)
 * as `mode` says; without it `mode` changes nothing.
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
    return withTimeoutError(milliseconds, () => work(undefined));
  }
  const runner = dataSource.createQueryRunner(mode);
  try {
    if (bound.kind === 'parameter') return await withTimeoutError(milliseconds, () => work(runner));
    const wrap: (query: Query) => Query =
      bound.kind === 'rewrite'
        ? (query) =>
            (sql, ...rest) =>
              query(bound.rewrite(sql), ...rest)
        : cancelledAfter(milliseconds, await bound.canceller(runner));
    return await withTimeoutError(milliseconds, () => work(wrappingQueries(runner, wrap)));
  } finally {
    await runner.release();
  }
}

/**
 * Whether {@link withStatementTimeout} runs a statement of `dataSource` as it is, on no runner of its
 * own, with only {@link withTimeoutError} around it (then a caller that knows the dialect can do so itself).
 */
export function runsStatementsAsTheyAre(
  dataSource: DataSource,
  dialect: DatabaseDialect,
  milliseconds: number,
): boolean {
  return (
    !dataSource.driver.isReplicated && (milliseconds === 0 || dialect.statementBound(milliseconds).kind === 'parameter')
  );
}

/** `work`, whose failure because the database stopped it past `milliseconds` is a {@link StatementTimeoutError}. */
export async function withTimeoutError<R>(milliseconds: number, work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (error) {
    throw stoppedByTimeout(error) ? new StatementTimeoutError(milliseconds) : error;
  }
}
