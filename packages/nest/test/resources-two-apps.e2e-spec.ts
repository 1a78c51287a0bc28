import { TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { setGlobalPrefix } from '../src/index.js';
import { BOOK_PERMISSIONS, Book, BooksController, Publisher, ShelfTag } from './fixtures/book-resource.fixture.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const EVERYTHING = asUser({ permissions: Object.values(BOOK_PERMISSIONS) });

/** One resource class served by two applications in one process, as tests and multi-app hosts do. */
describe('DataTableResource in two applications at once', () => {
  const apps: TestApp[] = [];

  async function appWithPrefix(prefix: string): Promise<TestApp> {
    const testApp = await createTestApp('sqlite', {
      entities: [Book, Publisher, ShelfTag],
      imports: [TypeOrmModule.forFeature([Book, Publisher])],
      controllers: [BooksController],
      beforeInit: (app) => setGlobalPrefix(app, prefix),
    });
    const publisher = await testApp.dataSource.getRepository(Publisher).save({ name: 'Penguin' });
    await testApp.dataSource
      .getRepository(Book)
      .save({ title: `A book under ${prefix}`, pages: 10, publisher, tags: [] });
    apps.push(testApp);
    return testApp;
  }

  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it("links each application's rows to its own record routes", async () => {
    const first = await appWithPrefix('first');
    const second = await appWithPrefix('second');
    for (const [testApp, prefix] of [
      [first, 'first'],
      [second, 'second'],
    ] as const) {
      const { body } = await request(testApp.app.getHttpServer() as App)
        .get(`/${prefix}/books/`)
        .set(EVERYTHING)
        .expect(200);
      expect(body.data[0].actions.edit_url).toBe(`/${prefix}/books/${body.data[0].id}`);
    }
  });
});
