import { TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { AlbumsController } from './fixtures/albums.controller.js';
import { BOOK_PERMISSIONS, Book, BooksController, Publisher, ShelfTag } from './fixtures/book-resource.fixture.js';
import { TcpFaultProxy } from '@widgetlib/test-support/tcp-fault.proxy.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { testDatabaseKinds, type DatabaseKind } from '@widgetlib/test-support/test-databases.js';

/** SQLite is embedded in the process: there is no server to lose. */
const SERVER_KINDS = testDatabaseKinds().filter((kind) => kind !== 'sqlite');
const HELP_READER = asUser({ permissions: ['widgetlib.view_help'] });
const BOOK_WRITER = asUser({ permissions: Object.values(BOOK_PERMISSIONS) });
/** The longest a request may take while the database is unreachable. */
const BOUND_MS = 3_000;
const UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The database cannot be reached at the moment; try again shortly',
};

/** The pool settings the README tells a host to set, so that no request waits on a dead server. */
function throughProxy(proxy: TcpFaultProxy, options: DataSourceOptions): DataSourceOptions {
  const url = proxy.through((options as { url: string }).url);
  return options.type === 'postgres'
    ? { ...options, url, extra: { connectionTimeoutMillis: 2_000 } }
    : ({ ...options, url, connectTimeout: 2_000 } as DataSourceOptions);
}

async function timed<T>(action: () => PromiseLike<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await action();
  return { result, ms: performance.now() - started };
}

async function recovers(server: App, path: string, headers: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  for (;;) {
    const response = await request(server).get(path).set(headers);
    if (response.status === 200) return performance.now() - started;
    expect(response.status).toBe(503);
    if (performance.now() - started > 10_000) throw new Error(`${path} still answers ${response.status} after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

(SERVER_KINDS.length > 0 ? describe.each(SERVER_KINDS) : describe.skip.each(['postgres' as DatabaseKind]))(
  'While the database cannot be reached [%s]',
  (kind) => {
    let proxy: TcpFaultProxy;
    let testApp: TestApp;
    let server: App;
    let publisherId: number;

    beforeAll(async () => {
      const target = new URL(
        kind === 'postgres'
          ? process.env.WIDGETLIB_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
          : process.env.WIDGETLIB_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test',
      );
      proxy = await TcpFaultProxy.start(target.hostname, Number(target.port));
      testApp = await createTestApp(kind, {
        entities: [...ALBUM_ENTITIES, Book, Publisher, ShelfTag],
        imports: [TypeOrmModule.forFeature([Book, Publisher])],
        controllers: [AlbumsController, BooksController],
        connection: (options) => throughProxy(proxy, options),
      });
      server = testApp.app.getHttpServer() as App;
      await seedAlbums(testApp.dataSource);
      publisherId = (await testApp.dataSource.getRepository(Publisher).save({ name: 'Faber' })).id;
    });

    afterEach(() => proxy.restore());

    afterAll(async () => {
      await testApp.close();
      await proxy.close();
    });

    it('answers 503 on lists, help and resource writes within the bound, then recovers by itself', async () => {
      await request(server).get('/albums').query({ draw: '1' }).expect(200);
      await proxy.cut();

      const list = await timed(() => request(server).get('/albums').query({ draw: '4', search: 'blue' }));
      expect(list.result.status).toBe(503);
      expect(list.result.body).toEqual({ ...UNAVAILABLE, draw: 4 });
      expect(list.ms).toBeLessThan(BOUND_MS);

      const help = await timed(() => request(server).get('/help/').set(HELP_READER));
      expect(help.result.status).toBe(503);
      expect(help.result.body).toEqual(UNAVAILABLE);
      expect(help.ms).toBeLessThan(BOUND_MS);

      const write = await timed(() =>
        request(server)
          .post('/books/')
          .set(BOOK_WRITER)
          .send({ title: 'Ulysses', pages: 730, publisher_id: publisherId }),
      );
      expect(write.result.status).toBe(503);
      expect(write.result.body).toEqual(UNAVAILABLE);
      expect(write.ms).toBeLessThan(BOUND_MS);
      expect(JSON.stringify([list.result.body, help.result.body, write.result.body])).not.toMatch(/ECONN|at \w+ \(/);

      await proxy.restore();
      expect(await recovers(server, '/albums')).toBeLessThan(5_000);
      await request(server).get('/help/').set(HELP_READER).expect(200);
      await request(server)
        .post('/books/')
        .set(BOOK_WRITER)
        .send({ title: 'Ulysses', pages: 730, publisher_id: publisherId })
        .expect(201);
    });

    it('answers 200 or 503, never 500, when the server ends the sessions, and recovers', async () => {
      await request(server).get('/albums').expect(200);
      const admin = new DataSource(testApp.database.options);
      await admin.initialize();
      try {
        const database = (testApp.dataSource.options as { database?: string }).database ?? '';
        const [current] = (await testApp.dataSource.query(
          kind === 'postgres' ? 'SELECT current_database() AS name' : 'SELECT DATABASE() AS name',
        )) as Array<{ name: string }>;
        if (kind === 'postgres') {
          await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [current!.name || database],
          );
        } else {
          const sessions = (await admin.query(
            'SELECT id FROM information_schema.PROCESSLIST WHERE db = ? AND id <> CONNECTION_ID()',
            [current!.name || database],
          )) as Array<{ id: number }>;
          for (const { id } of sessions) await admin.query(`KILL ${Number(id)}`).catch(() => undefined);
        }
      } finally {
        await admin.destroy();
      }
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await request(server).get('/albums').query({ draw: '2' });
        statuses.push(response.status);
        if (response.status === 503) expect(response.body).toEqual({ ...UNAVAILABLE, draw: 2 });
      }
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
      expect(await recovers(server, '/albums')).toBeLessThan(5_000);
    });
  },
);
