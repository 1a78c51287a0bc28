import type { NestExpressApplication } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type HttpPlatform, type TestApp } from '@widgetlib/test-support/test-app.js';
import { Book, BooksController, Publisher, ShelfTag } from './fixtures/book-resource.fixture.js';
import {
  CreateOnlyEditorBooksController,
  EditorBooksController,
  SpanishEditorBooksController,
} from './fixtures/editor-resource.fixture.js';

const CSRF = 'csrf-token-of-this-session';
const EDITOR = asUser({ name: 'ed', permissions: ['books.view', 'books.add', 'books.change', 'books.delete'] });
const READER = asUser({ name: 'rita', permissions: ['books.view', 'books.add'] });

/**
 * The host's CSRF protection, as a double-submit check: a POST without the session's token in
 * `X-CSRF-Token` is refused with a 403 before any route sees it (what csrf-sync or
 * @fastify/csrf-protection do for the host's other browser writes).
 */
function csrfProtection(request: IncomingMessage, response: ServerResponse, next: () => void): void {
  if (request.method === 'POST' && request.headers['x-csrf-token'] !== CSRF) {
    response
      .writeHead(403, { 'content-type': 'application/json' })
      .end('{"statusCode":403,"message":"invalid csrf token"}');
    return;
  }
  next();
}

/** A submission form-encoded as Editor sends it by default (`data[12][title]=...`). */
function form(pairs: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(pairs).map(([name, value]) => [name, String(value)])).toString();
}

const PLATFORMS: readonly HttpPlatform[] = ['express', 'fastify'];

describeEachDatabase("DataTableResource: DataTables Editor's client-server protocol", (kind) => {
  describe.each(PLATFORMS)('on %s', (platform) => {
    let testApp: TestApp;
    let server: App;
    let penguin: Publisher;
    let faber: Publisher;
    let books: Book[];

    const post = (path: string, user = EDITOR) => request(server).post(path).set(user).set('X-CSRF-Token', CSRF);

    async function stored(): Promise<string[]> {
      const rows = await testApp.dataSource
        .getRepository(Book)
        .find({ relations: { publisher: true }, order: { id: 'ASC' } });
      return rows.map((book) => `${book.title}:${book.pages}:${book.publisher.name}:${book.archived}`);
    }

    beforeAll(async () => {
      testApp = await createTestApp(kind, {
        platform,
        entities: [Book, Publisher, ShelfTag],
        imports: [TypeOrmModule.forFeature([Book])],
        controllers: [
          BooksController,
          EditorBooksController,
          SpanishEditorBooksController,
          CreateOnlyEditorBooksController,
        ],
        beforeInit: (app) => {
          // Forms read without nesting, so that row ids under data[...] are kept (see the README);
          // Fastify's form parser never nests.
          if (platform === 'express') (app as NestExpressApplication).useBodyParser('urlencoded', { extended: false });
          app.use(csrfProtection);
        },
      });
      server = testApp.app.getHttpServer() as App;
    });

    beforeEach(async () => {
      const manager = testApp.dataSource.manager;
      await manager.query('DELETE FROM fixture_book_tag');
      for (const entity of [Book, Publisher]) await manager.createQueryBuilder().delete().from(entity).execute();
      [penguin, faber] = await manager.save(Publisher, [{ name: 'Penguin' }, { name: 'Faber' }]);
      books = await manager.save(Book, [
        { title: 'Dune', pages: 412, publisher: penguin, archived: false },
        { title: 'Emma', pages: 474, publisher: faber, archived: false },
        { title: 'Ulysses', pages: 730, publisher: faber, archived: true },
      ]);
    });

    afterAll(() => testApp.close());

    const id = (index: number) => books[index]!.id;

    it('creates a row from a form submission and answers it as the list shows it', async () => {
      const { body } = await post('/editor-books/editor')
        .type('form')
        .send(
          form({
            action: 'create',
            'data[0][title]': 'Beloved',
            'data[0][pages]': 324,
            'data[0][publisher][id]': penguin.id,
          }),
        )
        .expect(200);
      expect(body).toEqual({
        data: [
          expect.objectContaining({
            title: 'Beloved',
            pages: 324,
            archived: false,
            publisher: { id: penguin.id, name: 'Penguin' },
          }),
        ],
      });
      expect(body.data[0].id).toEqual(expect.any(Number));
      expect(await stored()).toContain('Beloved:324:Penguin:false');
    });

    it('creates several rows from one JSON submission', async () => {
      const { body } = await post('/editor-books/editor')
        .send({
          action: 'create',
          data: {
            0: { title: 'Beloved', pages: 324, publisher: { id: penguin.id } },
            1: { title: 'Middlemarch', pages: 880, publisher: { id: faber.id } },
          },
        })
        .expect(200);
      expect(body.data.map((row: Book) => row.title)).toEqual(['Beloved', 'Middlemarch']);
      expect(await stored()).toEqual(
        expect.arrayContaining(['Beloved:324:Penguin:false', 'Middlemarch:880:Faber:false']),
      );
    });

    it('edits one row with only the changed field (inline editing), keeping the others', async () => {
      const { body } = await post('/editor-books/editor')
        .type('form')
        .send(form({ action: 'edit', [`data[${id(0)}][pages]`]: 500 }))
        .expect(200);
      expect(body).toEqual({ data: [expect.objectContaining({ id: id(0), title: 'Dune', pages: 500 })] });
      expect(await stored()).toContain('Dune:500:Penguin:false');
    });

    it("edits several rows, and a row's relation through its nested id (publisher.id)", async () => {
      const { body } = await post('/editor-books/editor')
        .send({
          action: 'edit',
          data: { [id(0)]: { pages: 413, publisher: { id: faber.id } }, [id(1)]: { title: 'Emma (2nd ed.)' } },
        })
        .expect(200);
      expect(body.data.map((row: Book) => [row.id, row.title, row.pages, row.publisher.name])).toEqual([
        [id(0), 'Dune', 413, 'Faber'],
        [id(1), 'Emma (2nd ed.)', 474, 'Faber'],
      ]);
    });

    it('removes one row, and several, ignoring the row data Editor sends with them', async () => {
      await post('/editor-books/editor')
        .type('form')
        .send(form({ action: 'remove', [`data[${id(0)}][id]`]: id(0), [`data[${id(0)}][title]`]: 'Dune' }))
        .expect(200, { data: [] });
      expect(await stored()).toEqual(['Emma:474:Faber:false', 'Ulysses:730:Faber:true']);
      const [more] = await testApp.dataSource.manager.save(Book, [
        { title: 'Beloved', pages: 324, publisher: penguin },
      ]);
      await post('/editor-books/editor')
        .send({ action: 'remove', data: { [id(1)]: { id: id(1) }, [more!.id]: { id: more!.id } } })
        .expect(200, { data: [] });
      expect(await stored()).toEqual(['Ulysses:730:Faber:true']);
    });

    it('refreshes rows by ids[] within the scope, leaving out rows gone or outside it', async () => {
      const { body } = await post('/editor-books/editor')
        .type('form')
        .send(`action=read&ids%5B%5D=${id(1)}&ids%5B%5D=${id(2)}&ids%5B%5D=${id(0)}&ids%5B%5D=999999`)
        .expect(200);
      expect(body.data.map((row: Book) => row.title)).toEqual(['Emma', 'Dune']);
    });

    it("answers field errors by the form's field names, the relation's as publisher.id, and writes nothing", async () => {
      const before = await stored();
      const { body } = await post('/editor-books/editor')
        .type('form')
        .send(
          form({
            action: 'create',
            'data[0][title]': 'x'.repeat(101),
            'data[0][pages]': 'many',
            'data[0][publisher][id]': 'first',
          }),
        )
        .expect(200);
      expect(body.data).toEqual([]);
      expect(body.fieldErrors).toEqual([
        { id: '0', name: 'title', status: 'title must be shorter than or equal to 100 characters' },
        { id: '0', name: 'pages', status: expect.stringContaining('pages must') },
        { id: '0', name: 'publisher.id', status: expect.stringContaining('id must') },
      ]);
      const edited = await post('/editor-books/editor')
        .send({ action: 'edit', data: { [id(0)]: { pages: 0 }, [id(1)]: { publisher: { id: 0 } } } })
        .expect(200);
      expect(edited.body.fieldErrors).toEqual([
        { id: String(id(0)), name: 'pages', status: 'pages must not be less than 1' },
        { id: String(id(1)), name: 'publisher.id', status: 'id must not be less than 1' },
      ]);
      expect(await stored()).toEqual(before);
    });

    it('answers an Editor error for a row outside the scope, and never writes it', async () => {
      const before = await stored();
      const edited = await post('/editor-books/editor')
        .send({ action: 'edit', data: { [id(2)]: { pages: 1 } } })
        .expect(200);
      expect(edited.body).toEqual({ data: [], error: `Row ${id(2)} does not exist, or is not one you may change` });
      const removed = await post('/editor-books/editor')
        .send({ action: 'remove', data: { [id(2)]: {} } })
        .expect(200);
      expect(removed.body.error).toBe(`Row ${id(2)} does not exist, or is not one you may change`);
      const moved = await post('/editor-books/editor')
        .send({ action: 'edit', data: { [id(0)]: { archived: true } } })
        .expect(200);
      expect(moved.body).toEqual({ data: [], error: 'The row would be outside the rows you may change' });
      expect(await stored()).toEqual(before);
    });

    it("says it in the request's language when the declaration gives texts", async () => {
      const { body } = await post('/editor-libros/editor')
        .set('Accept-Language', 'es')
        .send({ action: 'edit', data: { [id(2)]: { pages: 1 } } })
        .expect(200);
      expect(body.error).toBe(`La fila ${id(2)} no existe, o no puede cambiarla`);
    });

    it('undoes every row of a multi-row edit when one row fails', async () => {
      const before = await stored();
      const duplicate = await post('/editor-books/editor')
        .send({ action: 'edit', data: { [id(0)]: { pages: 999 }, [id(1)]: { title: 'Dune' } } })
        .expect(200);
      expect(duplicate.body).toEqual({ data: [], error: 'This row would duplicate an existing one' });
      const outside = await post('/editor-books/editor')
        .send({ action: 'edit', data: { [id(0)]: { pages: 999 }, [id(2)]: { pages: 1 } } })
        .expect(200);
      expect(outside.body.error).toBe(`Row ${id(2)} does not exist, or is not one you may change`);
      const removal = await post('/editor-books/editor')
        .send({ action: 'remove', data: { [id(0)]: {}, [id(2)]: {} } })
        .expect(200);
      expect(removal.body.error).toBe(`Row ${id(2)} does not exist, or is not one you may change`);
      expect(await stored()).toEqual(before);
    });

    it("refuses an action without its REST twin's permission as the other routes do, and writes nothing", async () => {
      const before = await stored();
      const refused = await post('/editor-books/editor', READER)
        .send({ action: 'edit', data: { [id(0)]: { pages: 1 } } })
        .expect(403);
      expect(refused.body).toMatchObject({
        message: 'Missing permission: books.change',
        missingPermissions: ['books.change'],
      });
      await post('/editor-books/editor', READER)
        .send({ action: 'remove', data: { [id(0)]: {} } })
        .expect(403);
      await request(server)
        .post('/editor-books/editor')
        .set('X-CSRF-Token', CSRF)
        .send({ action: 'create', data: { 0: { title: 'Anon', pages: 1, publisher: { id: penguin.id } } } })
        .expect(401);
      expect(await stored()).toEqual(before);
      await post('/editor-books/editor', READER)
        .send({ action: 'create', data: { 0: { title: 'Mine', pages: 1, publisher: { id: penguin.id } } } })
        .expect(200);
    });

    it("is refused by the host's CSRF protection like its other browser writes", async () => {
      const before = await stored();
      await request(server)
        .post('/editor-books/editor')
        .set(EDITOR)
        .send({ action: 'remove', data: { [id(0)]: {} } })
        .expect(403, { statusCode: 403, message: 'invalid csrf token' });
      expect(await stored()).toEqual(before);
    });

    it('answers a 400 naming the problem for a submission that does not follow the protocol', async () => {
      const problem = async (body: object | string, expected: string) => {
        const response = await post('/editor-books/editor').send(body).expect(400);
        expect(response.body.message).toEqual([expected]);
      };
      await problem({ data: {} }, 'action must be one of create, edit, remove, read');
      await problem({ action: 'edit' }, 'data is required for action=edit: data[<row id>][<field>]');
      await problem(
        { action: 'edit', data: { abc: { pages: 1 } } },
        'data[abc] must name rows by their id, a positive integer no greater than 2147483647',
      );
      await problem(
        { action: 'edit', data: [{ pages: 1 }] },
        expect.stringContaining('data arrived as a list') as unknown as string,
      );
      await problem({ action: 'read', ids: [] }, 'ids[] names no row');
      await problem({ action: 'edit', data: {}, extra: 1 }, 'unknown parameter: extra');
      const unserved = await request(server)
        .post('/editor-new-books/editor')
        .set(EDITOR)
        .set('X-CSRF-Token', CSRF)
        .send({ action: 'remove', data: { [id(0)]: {} } })
        .expect(400);
      expect(unserved.body.message).toEqual(['action=remove is not served: permissions names no delete']);
    });

    it('has no Editor route on a resource that does not say editor', async () => {
      await post('/books/editor')
        .send({ action: 'read', ids: [id(0)] })
        .expect(404);
    });
  });
});

describeEachDatabase("Editor submissions through Express's nesting form parser", (kind) => {
  let testApp: TestApp;
  let server: App;
  let books: Book[];

  const post = () => request(server).post('/editor-books/editor').set(EDITOR).set('X-CSRF-Token', CSRF).type('form');

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      // Nest's default forms (qs, "extended"), with the raw body kept.
      rawBody: true,
      entities: [Book, Publisher, ShelfTag],
      imports: [TypeOrmModule.forFeature([Book])],
      controllers: [EditorBooksController],
      beforeInit: (app) => app.use(csrfProtection),
    });
    server = testApp.app.getHttpServer() as App;
    const manager = testApp.dataSource.manager;
    const [penguin] = await manager.save(Publisher, [{ name: 'Penguin' }]);
    books = await manager.save(
      Book,
      ['Dune', 'Emma', 'Kim', 'Nana'].map((title, index) => ({ title, pages: 100 + index, publisher: penguin })),
    );
  });

  afterAll(() => testApp.close());

  const pages = async () =>
    (await testApp.dataSource.getRepository(Book).find({ order: { id: 'ASC' } })).map((book) => book.pages);

  it('edits and removes the rows whose ids the client sent, which qs renumbers as a list', async () => {
    const [, second, , fourth] = books.map((book) => book.id);
    const { body } = await post()
      .send(form({ action: 'edit', [`data[${fourth}][pages]`]: 444, [`data[${second}][pages]`]: 222 }))
      .expect(200);
    const answered = body.data.map((row: Book) => [row.id, row.pages]) as Array<[number, number]>;
    expect(answered.sort(([a], [b]) => a - b)).toEqual([
      [second, 222],
      [fourth, 444],
    ]);
    expect(await pages()).toEqual([100, 222, 102, 444]);
    await post()
      .send(form({ action: 'remove', [`data[${fourth}][id]`]: fourth!, [`data[${second}][id]`]: second! }))
      .expect(200, { data: [] });
    expect(await pages()).toEqual([100, 102]);
  });
});
