import { Controller, Get } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource, Logger, QueryRunner } from 'typeorm';
import { DataTable, DataTableResource } from '../src/index.js';
import { BOOK_PERMISSIONS, BOOK_RESOURCE, Book, Publisher, ShelfTag } from './fixtures/book-resource.fixture.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import {
  describeWithPgReplica,
  replicaCaughtUp,
  replicatedOptions,
  switchPgReplica,
} from '@widgetlib/test-support/pg-replica.js';

const EVERYTHING = asUser({ permissions: [...Object.values(BOOK_PERMISSIONS), 'books.bulk_delete'] });
/** What SearchPanes sends with every request from a page that shows it. */
const ON_PAGE = {
  'searchPanes_options[cascade]': 'false',
  'searchPanes_options[viewCount]': 'true',
  'searchPanes_options[viewTotal]': 'false',
};

@Controller('books')
class ReplicaBooksController extends DataTableResource({
  ...BOOK_RESOURCE,
  permissions: { ...BOOK_PERMISSIONS, bulkDelete: 'books.bulk_delete' },
  dataTable: { ...BOOK_RESOURCE.dataTable, panes: ['pages', 'publisher__name'] },
}) {}

/** A list over a whole table, its total the planner's estimate when it filters (a raw statement of the library). */
@Controller('publishers')
class PublishersController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  @DataTable({ orderingFields: ['name'], defaultOrdering: ['name'], searchFields: ['name'], estimatedTotalAbove: 0 })
  list() {
    return this.dataSource.getRepository(Publisher);
  }

  /** Without a statement timeout the statements get no runner of the library's own on other data sources. */
  @Get('untimed')
  @DataTable({ orderingFields: ['name'], defaultOrdering: ['name'], statementTimeout: 0 })
  untimed() {
    return this.dataSource.getRepository(Publisher);
  }
}

/** One statement and the port of the server that ran it, as the connection of its query runner says. */
interface RanStatement {
  sql: string;
  port: number | undefined;
}

/** A TypeORM logger that notes which server (by port) ran each statement. */
class ServerRecorder implements Logger {
  readonly ran: RanStatement[] = [];

  logQuery(query: string, _parameters?: unknown[], runner?: QueryRunner): void {
    const connection = (runner as { databaseConnection?: { port?: number } } | undefined)?.databaseConnection;
    this.ran.push({ sql: query, port: connection?.port });
  }

  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}

  /** The statements `action` runs that read or write `table`. */
  async during(table: string, action: () => Promise<unknown>): Promise<RanStatement[]> {
    const start = this.ran.length;
    await action();
    return this.ran.slice(start).filter((statement) => statement.sql.includes(table));
  }
}

const portOf = (url: string) => Number(new URL(url).port || 5432);

describeWithPgReplica('Reads from a streaming replica', (replicaUrl) => {
  const PRIMARY_PORT = portOf(process.env.WIDGETLIB_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  const REPLICA_PORT = portOf(replicaUrl);
  const recorder = new ServerRecorder();
  let testApp: TestApp;
  let server: App;
  let faber: Publisher;

  const ports = (statements: RanStatement[]) => [...new Set(statements.map((statement) => statement.port))];

  beforeAll(async () => {
    testApp = await createTestApp('postgres', {
      entities: [Book, Publisher, ShelfTag],
      imports: [TypeOrmModule.forFeature([Book, Publisher])],
      controllers: [ReplicaBooksController, PublishersController],
      connection: (options) => replicatedOptions({ kind: 'postgres', options, drop: async () => {} }, replicaUrl),
      typeormLogger: recorder,
    });
    server = testApp.app.getHttpServer() as App;
    // The host's own writes, on the primary: the library has noted none of them.
    const publishers = testApp.dataSource.getRepository(Publisher);
    faber = await publishers.save({ name: 'Faber' });
    const penguin = await publishers.save({ name: 'Penguin' });
    await testApp.dataSource.getRepository(Book).save([
      { title: 'Arcadia', pages: 120, publisher: faber },
      { title: 'Bleak House', pages: 900, publisher: penguin },
      { title: 'Coriolanus', pages: 200, publisher: penguin },
    ]);
    await replicaCaughtUp(testApp.dataSource, replicaUrl);
  });

  afterAll(() => testApp?.close());

  it('reads a list page, its counts and the pane options from the replica', async () => {
    let body: { data: Array<{ title: string }>; recordsTotal: number; recordsFiltered: number; searchPanes: unknown };
    const statements = await recorder.during('fixture_book', async () => {
      ({ body } = await request(server)
        .get('/books/')
        .query({ ...ON_PAGE, search: 'a', pages__gte: '150' })
        .set(EVERYTHING)
        .expect(200));
    });
    expect(body!.data.map((row) => row.title)).toEqual(['Bleak House', 'Coriolanus']);
    expect(body!).toMatchObject({ recordsTotal: 3, recordsFiltered: 2 });
    expect(body!.searchPanes).toBeDefined();
    // The page, the two counts and one statement per pane.
    expect(statements.filter((statement) => /COUNT\(/i.test(statement.sql)).length).toBeGreaterThanOrEqual(2);
    expect(statements.length).toBeGreaterThanOrEqual(5);
    expect(ports(statements)).toEqual([REPLICA_PORT]);
  });

  it("runs the library's estimate statement on the replica", async () => {
    const statements = await recorder.during('pg_class', () =>
      request(server)
        .get('/publishers')
        .query({ search: 'fab' })
        .expect(200, /"recordsFiltered":1/),
    );
    expect(statements).toHaveLength(1);
    expect(ports(statements)).toEqual([REPLICA_PORT]);
  });

  it('reads from the replica without a statement timeout too', async () => {
    const statements = await recorder.during('fixture_publisher', () =>
      request(server)
        .get('/publishers/untimed')
        .expect(200, /"recordsTotal":2/),
    );
    expect(statements.length).toBeGreaterThanOrEqual(2);
    expect(ports(statements)).toEqual([REPLICA_PORT]);
  });

  it('reads an export from the replica', async () => {
    let text = '';
    const statements = await recorder.during('fixture_book', async () => {
      ({ text } = await request(server).get('/books/export').query({ format: 'csv' }).set(EVERYTHING).expect(200));
    });
    expect(text).toMatch(/Arcadia[\s\S]*Bleak House[\s\S]*Coriolanus/);
    expect(statements.length).toBeGreaterThanOrEqual(2);
    expect(ports(statements)).toEqual([REPLICA_PORT]);
  });

  it('falls back to the primary while the replica is down, and reads from it again once it is back', async () => {
    switchPgReplica('stop', replicaUrl);
    try {
      const down = await recorder.during('fixture_publisher', () =>
        request(server)
          .get('/publishers')
          .expect(200, /"recordsTotal":2/),
      );
      expect(ports(down)).toEqual([PRIMARY_PORT]);
      const exported = await recorder.during('fixture_book', () =>
        request(server)
          .get('/books/export')
          .query({ format: 'csv' })
          .set(EVERYTHING)
          .expect(200, /Coriolanus/),
      );
      expect(ports(exported)).toEqual([PRIMARY_PORT]);
    } finally {
      switchPgReplica('start', replicaUrl);
    }
    const back = await recorder.during('fixture_publisher', () =>
      request(server)
        .get('/publishers')
        .expect(200, /"recordsTotal":2/),
    );
    expect(ports(back)).toEqual([REPLICA_PORT]);
    // Starting the standby again waits until it has replayed what the primary wrote meanwhile (other
    // test files and sessions write too).
  }, 120_000);

  it('writes through the primary, and lists of the written table read from the primary right after', async () => {
    // A statement sent to the hot standby would fail ("cannot execute INSERT in a read-only transaction").
    let created: { id: number } = { id: 0 };
    const writes = await recorder.during('fixture_book', async () => {
      ({ body: created } = await request(server)
        .post('/books/')
        .set(EVERYTHING)
        .send({ title: 'Dubliners', pages: 150, publisher_id: faber.id })
        .expect(201));
    });
    expect(writes.some((statement) => /^INSERT/i.test(statement.sql))).toBe(true);
    expect(ports(writes)).toEqual([PRIMARY_PORT]);

    // What the user sees at once: the new book, counted, its record found.
    let body: { data: Array<{ title: string }>; recordsTotal: number; recordsFiltered: number } | undefined;
    const listed = await recorder.during('fixture_book', async () => {
      ({ body } = await request(server).get('/books/').query(ON_PAGE).set(EVERYTHING).expect(200));
    });
    expect(body).toMatchObject({ recordsTotal: 4, recordsFiltered: 4 });
    expect(body!.data.map((row) => row.title)).toContain('Dubliners');
    expect(ports(listed)).toEqual([PRIMARY_PORT]);
    const retrieved = await recorder.during('fixture_book', () =>
      request(server)
        .get(`/books/${created.id}`)
        .set(EVERYTHING)
        .expect(200, /Dubliners/),
    );
    expect(ports(retrieved)).toEqual([PRIMARY_PORT]);
    // A table the write did not touch is still read from the replica.
    const others = await recorder.during('fixture_publisher', () => request(server).get('/publishers').expect(200));
    expect(ports(others)).toEqual([REPLICA_PORT]);
  });

  it('runs updates, deletes and bulk deletes with their reads on the primary', async () => {
    const [arcadia] = await testApp.dataSource.getRepository(Book).findBy({ title: 'Arcadia' });
    const statements = await recorder.during('fixture_book', async () => {
      await request(server)
        .put(`/books/${arcadia!.id}`)
        .set(EVERYTHING)
        .send({ title: 'Arcadia', pages: 130, publisher_id: faber.id })
        .expect(200, /"pages":130/);
      await request(server).delete(`/books/${arcadia!.id}`).set(EVERYTHING).expect(204);
      await request(server)
        .post('/books/bulk-delete')
        .set(EVERYTHING)
        .send({ search: 'Bleak' })
        .expect(200, { deleted: 1 });
    });
    expect(statements.some((statement) => /^(UPDATE|DELETE)/i.test(statement.sql))).toBe(true);
    expect(ports(statements)).toEqual([PRIMARY_PORT]);
    const { body } = await request(server).get('/books/').set(EVERYTHING).expect(200);
    expect(body).toMatchObject({ recordsTotal: 2, recordsFiltered: 2 });
  });
});
