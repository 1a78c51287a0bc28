import 'reflect-metadata';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '@widgetlib/test-support/test-databases.js';
import { databaseDialect } from '../dialect/index.js';
import { HelpUsageCounter, incrementHelpUsageCounter } from '../help/usage/index.js';
import { WIDGETLIB_ENTITIES } from '../widgetlib.entities.js';
import { AggregateHelpUsage1764374400000 } from './1764374400000-aggregate-help-usage.js';
import { WIDGETLIB_MIGRATIONS } from './index.js';

const BEFORE_COUNTERS = WIDGETLIB_MIGRATIONS.slice(0, WIDGETLIB_MIGRATIONS.indexOf(AggregateHelpUsage1764374400000));

const event = (kind: string, id_view: string, question_name: string, help_id: number | null, created_at: string) => ({
  kind,
  id_view,
  question_name,
  help_id,
  user_name: 'rita',
  created_at,
});

/** One row per event, as the panel stored them before counters: several per day, field and entry. */
const EVENTS = [
  event('opened', 'albums:edit', 'name', 1, '2026-01-05 00:00:01'),
  event('opened', 'albums:edit', 'name', 1, '2026-01-05 12:30:00'),
  event('opened', 'albums:edit', 'name', 1, '2026-01-05 23:59:59'),
  event('opened', 'albums:edit', 'name', 1, '2026-01-06 08:00:00'),
  event('helpful', 'albums:edit', 'name', 1, '2026-01-06 08:00:05'),
  event('not_helpful', 'albums:edit', 'year', 2, '2026-01-06 09:00:00'),
  event('missing', 'albums:edit', 'genre', null, '2026-01-05 10:00:00'),
  event('missing', 'albums:edit', 'genre', null, '2026-01-05 11:00:00'),
  event('missing', 'albums:edit', 'Genre', null, '2026-01-05 11:00:00'),
  event('asked', 'albums:edit', 'genre', null, '2026-01-05 11:00:00'),
  event('missing', 'made:up', 'genre', null, '2026-01-05 11:00:00'),
];

const counter = (
  kind: string,
  id_view: string,
  question_name: string,
  help_id: number,
  day: string,
  count: number,
) => ({
  kind,
  id_view,
  question_name,
  help_id,
  day,
  count,
});

/** The counters the events add up to, in the order `byKey` sorts them. */
const COUNTERS = [
  counter('asked', 'albums:edit', 'genre', 0, '2026-01-05', 1),
  counter('helpful', 'albums:edit', 'name', 1, '2026-01-06', 1),
  counter('missing', 'albums:edit', 'Genre', 0, '2026-01-05', 1),
  counter('missing', 'albums:edit', 'genre', 0, '2026-01-05', 2),
  counter('missing', 'made:up', 'genre', 0, '2026-01-05', 1),
  counter('not_helpful', 'albums:edit', 'year', 2, '2026-01-06', 1),
  counter('opened', 'albums:edit', 'name', 1, '2026-01-05', 3),
  counter('opened', 'albums:edit', 'name', 1, '2026-01-06', 1),
];

type Counter = (typeof COUNTERS)[number];
const keyOf = (row: Counter) => [row.kind, row.id_view, row.question_name, row.day].join('\u0001');
const byKey = (a: Counter, b: Counter) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0);

/** A timestamp as the database holds it: text, or a `Date` read in local time. */
function localTime(value: string | Date): string {
  if (typeof value === 'string') return value.slice(0, 19);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())} ` +
    `${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`
  );
}

describeEachDatabase('the help usage migration, on a filled database', (kind) => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let options: DataSourceOptions;
  // Two connections in turn must reach one database: SQLite's is a file here, not memory.
  const sqliteFile = join(tmpdir(), `widgetlib-help-usage-${process.pid}.sqlite`);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    options = kind === 'sqlite' ? { type: 'better-sqlite3', database: sqliteFile } : database.options;
    const before = new DataSource({ ...options, migrations: BEFORE_COUNTERS });
    await before.initialize();
    await before.runMigrations({ transaction: 'each' });
    await before
      .createQueryBuilder()
      .insert()
      .into('widgetlib_help_usage', Object.keys(EVENTS[0]!))
      .values(EVENTS)
      .execute();
    await before.destroy();

    dataSource = new DataSource({ ...options, entities: WIDGETLIB_ENTITIES, migrations: WIDGETLIB_MIGRATIONS });
    await dataSource.initialize();
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    expect(applied[0]!.name).toBe('AggregateHelpUsage1764374400000');
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
    rmSync(sqliteFile, { force: true });
  });

  const counters = async () =>
    (await dataSource.getRepository(HelpUsageCounter).find())
      .map(({ kind, id_view, question_name, help_id, day, count }) => ({
        kind,
        id_view,
        question_name,
        help_id,
        day,
        count,
      }))
      .sort(byKey);

  it('adds every event to the counter of its view, entry or field, kind and day, and drops the events', async () => {
    expect(await counters()).toEqual(COUNTERS);
    const queryRunner = dataSource.createQueryRunner();
    expect(await queryRunner.hasTable('widgetlib_help_usage')).toBe(false);
    await queryRunner.release();
  });

  it('goes on counting into the counters it made', async () => {
    const { sql, parameters } = incrementHelpUsageCounter(
      await databaseDialect(dataSource),
      (name) => dataSource.driver.escape(name),
      { kind: 'missing', id_view: 'albums:edit', question_name: 'genre', help_id: 0, day: '2026-01-05' },
    );
    await dataSource.query(sql, parameters);
    expect(await counters()).toEqual(COUNTERS.map((row) => (row === COUNTERS[3] ? { ...row, count: 3 } : row)));
  });

  it('reverts to one event per count, on its day', async () => {
    const queryRunner = dataSource.createQueryRunner();
    try {
      await new AggregateHelpUsage1764374400000().down(queryRunner);
      expect(await queryRunner.hasTable('widgetlib_help_usage_counter')).toBe(false);
      const escape = (name: string) => dataSource.driver.escape(name);
      const rows = (await queryRunner.query(
        `SELECT ${['kind', 'id_view', 'question_name', 'help_id', 'user_name', 'created_at'].map(escape).join(', ')} ` +
          `FROM ${escape('widgetlib_help_usage')}`,
      )) as Array<{
        kind: string;
        id_view: string;
        question_name: string;
        help_id: number | null;
        user_name: string | null;
        created_at: string | Date;
      }>;
      const events = new Map<string, number>();
      for (const row of rows) {
        const key = [row.kind, row.id_view, row.question_name, row.help_id ?? 0, localTime(row.created_at)].join(' ');
        events.set(key, (events.get(key) ?? 0) + 1);
      }
      const counted = COUNTERS.map((row) => (row === COUNTERS[3] ? { ...row, count: 3 } : row));
      expect(events).toEqual(
        new Map(
          counted.map((row) => [
            [row.kind, row.id_view, row.question_name, row.help_id, `${row.day} 00:00:00`].join(' '),
            row.count,
          ]),
        ),
      );
      expect(rows.filter((row) => row.user_name !== null)).toEqual([]);
    } finally {
      await queryRunner.release();
    }
  });
});
