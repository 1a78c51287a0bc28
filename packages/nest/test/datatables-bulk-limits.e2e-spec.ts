// Long bulk actions do not hold the app: between batches other requests are answered (except in
// 'all' mode on SQLite, where they wait for the one connection), each statement is bounded by the
// statement timeout, the whole action by its time limit; a bound stops it with a 503 naming it.
import { Controller, Get, Headers, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Column, Entity, In, PrimaryGeneratedColumn, type DataSource } from 'typeorm';
import {
  BulkSelection,
  DataTable,
  DataTableBulkAction,
  type BulkRequest,
  type BulkReport,
  type BulkTransaction,
  type DataTableOptions,
} from '../src/index.js';
import { describeEachDatabase, type DatabaseKind } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

@Entity('fx_bulk_task')
class Task {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 50 })
  label!: string;

  @Column({ type: 'boolean' })
  done!: boolean;
}

const TASKS = 600;
const TASK_TABLE: DataTableOptions<Task> = {
  searchFields: ['label'],
  orderingFields: ['id'],
  defaultOrdering: ['id'],
  filters: { done: ['exact'] },
};

/** Set by a test: called by the action after each batch it finished, with how many it has. */
const hooks: { afterBatch?: (batches: number) => void } = {};

/**
 * Marks tasks done. Headers steer the test: `x-batch-size`, `x-transaction`, `x-time-limit` and
 * `x-statement-timeout` (the options; absent: the defaults), `x-sleep-at` (the batch that then runs a
 * statement of 2 s).
 */
@Controller('tasks')
class TasksController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  @DataTable(TASK_TABLE)
  list() {
    return this.dataSource.getRepository(Task).createQueryBuilder('task');
  }

  @Post('bulk/finish')
  @DataTableBulkAction(TASK_TABLE)
  async finish(
    @BulkSelection() bulk: BulkRequest,
    @Headers() headers: Record<string, string | undefined>,
  ): Promise<BulkReport> {
    const selection = await bulk.of(this.dataSource.getRepository(Task).createQueryBuilder('task'));
    const number = (name: string) => (headers[name] === undefined ? undefined : Number(headers[name]));
    const sleepAt = number('x-sleep-at');
    const sleep = this.dataSource.options.type === 'postgres' ? 'SELECT pg_sleep(2)' : 'SELECT SLEEP(2)';
    let batches = 0;
    return selection.forEachBatch(
      async (keys, manager) => {
        await manager.update(Task, { id: In(keys) }, { done: true });
        if (batches === sleepAt) await manager.query(sleep);
        batches += 1;
        hooks.afterBatch?.(batches);
      },
      {
        batchSize: number('x-batch-size') ?? 10,
        transaction: (headers['x-transaction'] ?? 'all') as BulkTransaction,
        ...(headers['x-time-limit'] ? { timeLimit: number('x-time-limit') } : {}),
        ...(headers['x-statement-timeout'] ? { statementTimeout: number('x-statement-timeout') } : {}),
      },
    );
  }
}

const user = asUser({ name: 'ana', permissions: [] });

describeEachDatabase('Bulk actions bounded in time', (kind: DatabaseKind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    // A module-wide time limit of 1 ms: the tests that need more say so per action.
    testApp = await createTestApp(kind, {
      entities: [Task],
      controllers: [TasksController],
      widgetlib: { dataTables: { bulkTimeLimit: 1 } },
    });
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  beforeEach(async () => {
    hooks.afterBatch = undefined;
    const tasks = testApp.dataSource.getRepository(Task);
    await tasks.clear();
    await tasks.save(
      Array.from({ length: TASKS }, (_, index) => ({ label: `task ${index}`, done: false })),
      { chunk: 200 },
    );
  });

  const done = () => testApp.dataSource.getRepository(Task).countBy({ done: true });
  const finish = (headers: Record<string, string>) =>
    request(server)
      .post('/tasks/bulk/finish')
      .set({ ...user, ...headers })
      .send({ all: 'true' });

  /**
   * The order in which a bulk action and a list request are answered, the list sent from within the
   * second batch (the hook runs inside a batch's transaction: in the first, nothing is committed yet).
   */
  async function answerOrder(transaction: BulkTransaction): Promise<{ order: string[]; listedDone: number }> {
    const order: string[] = [];
    let listed: Promise<number> | undefined;
    hooks.afterBatch = (batches) => {
      if (batches !== 2) return;
      listed = request(server)
        .get('/tasks/')
        .query({ done: 'true', length: '1' })
        .then((response) => {
          order.push('list');
          return (response.body as { recordsFiltered: number }).recordsFiltered;
        });
    };
    const report = await finish({ 'x-transaction': transaction, 'x-time-limit': '0' }).then((response) => {
      order.push('bulk');
      return response;
    });
    expect(report.status).toBe(200);
    expect(report.body).toEqual({ matched: TASKS, processed: TASKS, batches: TASKS / 10 });
    expect(listed).toBeDefined();
    return { order, listedDone: await listed! };
  }

  it('answers a list request between the batches of a transaction per batch', async () => {
    const { order, listedDone } = await answerOrder('per-batch');
    expect(order).toEqual(['list', 'bulk']);
    // The list saw the batches committed so far, not all of them.
    expect(listedDone).toBeGreaterThan(0);
    expect(listedDone).toBeLessThan(TASKS);
    expect(await done()).toBe(TASKS);
  });

  it(
    kind === 'sqlite'
      ? 'makes a list request wait for a single transaction on the one connection of SQLite'
      : 'answers a list request during a single transaction, without its uncommitted rows',
    async () => {
      const { order, listedDone } = await answerOrder('all');
      if (kind === 'sqlite') {
        expect(order).toEqual(['bulk', 'list']);
        expect(listedDone).toBe(TASKS);
      } else {
        expect(order).toEqual(['list', 'bulk']);
        expect(listedDone).toBe(0);
      }
      expect(await done()).toBe(TASKS);
    },
  );

  it("stops at the module's time limit between batches: 503 naming it, all undone in one transaction", async () => {
    let batches = 0;
    hooks.afterBatch = (count) => (batches = count);
    const response = await finish({}).expect(503);
    expect(response.body).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message:
        "The bulk action ran past its time limit of 1 ms (timeLimit; the module's dataTables.bulkTimeLimit) " +
        'and was stopped; nothing was changed',
      batches: 0,
      processed: 0,
    });
    // A batch that has begun ends: the first always does, and is undone with the transaction.
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThan(TASKS / 10);
    expect(await done()).toBe(0);
  });

  it('keeps the batches done before the time limit with a transaction per batch, and says how many', async () => {
    const response = await finish({ 'x-transaction': 'per-batch', 'x-time-limit': '5' }).expect(503);
    const { batches, processed, message } = response.body as { batches: number; processed: number; message: string };
    expect(message).toBe(
      "The bulk action ran past its time limit of 5 ms (timeLimit; the module's dataTables.bulkTimeLimit) and was " +
        `stopped; the ${batches} batches before it (${processed} rows) stay done`,
    );
    expect(batches).toBeGreaterThan(0);
    expect(processed).toBe(batches * 10);
    expect(processed).toBeLessThan(TASKS);
    expect(await done()).toBe(processed);
  });

  if (kind !== 'sqlite') {
    // SQLite cannot stop a statement that runs: there only the time limit between batches holds.
    it.each<BulkTransaction>(['all', 'per-batch'])(
      'stops a statement past the statement timeout with a 503 naming it (%s)',
      async (transaction) => {
        const response = await finish({
          'x-transaction': transaction,
          'x-time-limit': '0',
          'x-statement-timeout': '300',
          'x-sleep-at': '2',
        }).expect(503);
        const undone = transaction === 'all';
        expect(response.body).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message:
            "A statement of the bulk action ran longer than 300 ms (statementTimeout; the list's) and was stopped; " +
            (undone ? 'nothing was changed' : 'the 2 batches before it (20 rows) stay done'),
          batches: undone ? 0 : 2,
          processed: undone ? 0 : 20,
        });
        expect(await done()).toBe(undone ? 0 : 20);
        // The bound ends with the action: the pooled connections run long statements again.
        const sleep = kind === 'postgres' ? 'SELECT pg_sleep(0.5) AS slept' : 'SELECT SLEEP(0.5) AS slept';
        await expect(
          Promise.all(Array.from({ length: 10 }, () => testApp.dataSource.query(sleep))),
        ).resolves.toHaveLength(10);
      },
    );
  }
});

describe('Bulk and import bounds as module options', () => {
  it.each([
    [
      { dataTables: { bulkTimeLimit: -1 } },
      'WidgetLibModule option dataTables.bulkTimeLimit must be a whole number of milliseconds >= 0 (0: none), got -1',
    ],
    [
      { helpImport: { maxEntries: 0 } },
      'WidgetLibModule option helpImport.maxEntries must be a positive integer, got 0',
    ],
  ])('refuses %j at startup', async (options, message) => {
    await expect(createTestApp('sqlite', { widgetlib: options })).rejects.toThrow(message);
  });
});
