import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { UrlResolver } from '../src/index.js';
import { BOOK_PERMISSIONS, Book, BooksController, Publisher, ShelfTag } from './fixtures/book-resource.fixture.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const EVERYTHING = asUser({ permissions: Object.values(BOOK_PERMISSIONS) });

describeEachDatabase('DataTableResource', (kind) => {
  let testApp: TestApp;
  let server: App;
  let publishers: Publisher[];
  let books: Book[];

  async function seed(): Promise<void> {
    const manager = testApp.dataSource.manager;
    await manager.query('DELETE FROM fixture_book_tag');
    for (const entity of [Book, ShelfTag, Publisher])
      await manager.createQueryBuilder().delete().from(entity).execute();
    publishers = await manager.save(Publisher, [{ name: 'Penguin' }, { name: 'Gallimard' }]);
    const tags = await manager.save(ShelfTag, [{ label: 'classic' }, { label: 'poetry' }]);
    books = await manager.save(Book, [
      { title: 'Candide', pages: 144, published_on: '1759-01-15', publisher: publishers[1]!, tags: [tags[0]!] },
      { title: 'Leaves of Grass', pages: 400, published_on: null, publisher: publishers[0]!, tags: tags },
      { title: 'Ulysses', pages: 730, published_on: '1922-02-02', publisher: publishers[0]!, tags: [] },
      { title: 'Archived draft', pages: 10, published_on: null, archived: true, publisher: publishers[0]!, tags: [] },
    ]);
  }

  async function storedTitles(): Promise<string[]> {
    const stored = await testApp.dataSource.getRepository(Book).find({ order: { title: 'ASC' } });
    return stored.map((book) => `${book.title}/${book.pages}`);
  }

  const list = () => request(server).get('/books/').set(EVERYTHING).expect(200);
  const validBody = () => ({
    title: 'Dubliners',
    pages: 152,
    published_on: '1914-06-15',
    publisher_id: publishers[0]!.id,
  });

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [Book, Publisher, ShelfTag],
      imports: [TypeOrmModule.forFeature([Book, Publisher])],
      controllers: [BooksController],
    });
    server = testApp.app.getHttpServer() as App;
  });

  beforeEach(seed);
  afterAll(() => testApp.close());

  describe('list', () => {
    it('answers the envelope of the scoped base query, with nested relations and actions', async () => {
      const response = await list();
      expect(response.body).toMatchObject({ recordsTotal: 3, recordsFiltered: 3, draw: 1 });
      expect(response.body.data.map((row: Book) => row.title)).toEqual(['Candide', 'Leaves of Grass', 'Ulysses']);
      const candide = response.body.data[0];
      expect(candide).toEqual({
        id: books[0]!.id,
        title: 'Candide',
        pages: 144,
        published_on: '1759-01-15',
        archived: false,
        publisher: { id: publishers[1]!.id, name: 'Gallimard' },
        tags: [{ id: expect.any(Number), label: 'classic' }],
        actions: { edit_url: `/books/${books[0]!.id}`, delete_url: `/books/${books[0]!.id}` },
      });
    });

    it('applies the declared search, ordering and filters', async () => {
      const response = await request(server)
        .get('/books/')
        .query({ search: 'penguin', ordering: '-pages', tags__label: 'poetry' })
        .set(EVERYTHING)
        .expect(200);
      expect(response.body).toMatchObject({ recordsTotal: 3, recordsFiltered: 1 });
      expect(response.body.data.map((row: Book) => row.title)).toEqual(['Leaves of Grass']);
    });

    it('has action URLs that answer with their record', async () => {
      const { body } = await list();
      for (const row of body.data as Array<Book & { actions: { edit_url: string } }>) {
        const record = await request(server).get(row.actions.edit_url).set(EVERYTHING).expect(200);
        expect(record.body.id).toBe(row.id);
      }
    });

    it('names its routes for reverse()', () => {
      const urls = testApp.app.get(UrlResolver);
      expect(urls.reverse('books:list')).toBe('/books');
      expect(urls.reverse('books:detail', { id: 7 })).toBe('/books/7');
    });
  });

  describe('retrieve', () => {
    it('answers the record representation', async () => {
      const response = await request(server).get(`/books/${books[2]!.id}/`).set(EVERYTHING).expect(200);
      expect(response.body).toEqual({
        id: books[2]!.id,
        title: 'Ulysses',
        pages: 730,
        published_on: '1922-02-02',
        archived: false,
        publisher: { id: publishers[0]!.id, name: 'Penguin' },
        tags: [],
      });
    });

    it('answers 404 for a missing record and for one outside the scope', async () => {
      const missing = await request(server)
        .get(`/books/${books[3]!.id + 100}/`)
        .set(EVERYTHING)
        .expect(404);
      expect(missing.body.message).toBe(`Book ${books[3]!.id + 100} does not exist`);
      await request(server).get(`/books/${books[3]!.id}/`).set(EVERYTHING).expect(404);
    });

    it.each(['abc', '0', '-3', '2.5'])('answers 400 for the id %j', async (id) => {
      const response = await request(server).get(`/books/${id}/`).set(EVERYTHING).expect(400);
      expect(response.body.message).toBe('id must be a positive integer no greater than 2147483647');
    });
  });

  describe('create', () => {
    it('creates a record and answers 201 with its representation; the list shows it', async () => {
      const response = await request(server).post('/books/').set(EVERYTHING).send(validBody()).expect(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        title: 'Dubliners',
        pages: 152,
        published_on: '1914-06-15',
        archived: false,
        publisher: { id: publishers[0]!.id, name: 'Penguin' },
        tags: [],
      });
      const { body } = await list();
      expect(body.recordsTotal).toBe(4);
      expect(body.data.map((row: Book) => row.title)).toContain('Dubliners');
    });

    it.each([
      ['a missing title', { title: undefined }, 'title must be a string'],
      ['a too long title', { title: 'x'.repeat(101) }, 'title must be shorter than or equal to 100 characters'],
      ['pages as text', { pages: 'many' }, 'pages must be an integer number'],
      ['zero pages', { pages: 0 }, 'pages must not be less than 1'],
      ['an unreadable date', { published_on: '15/06/1914' }, 'published_on must be a date'],
      ['a missing publisher', { publisher_id: undefined }, 'publisher_id should not be null or undefined'],
      ['an unknown field', { isbn: '123' }, 'property isbn should not exist'],
    ])('refuses %s with 400 naming the field and changes nothing', async (_case, change, message) => {
      const before = await storedTitles();
      const response = await request(server)
        .post('/books/')
        .set(EVERYTHING)
        .send({ ...validBody(), ...change })
        .expect(400);
      expect(response.body.message.join(' | ')).toContain(message);
      expect(await storedTitles()).toEqual(before);
    });

    it('refuses a publisher that does not exist with 400 and changes nothing', async () => {
      const before = await storedTitles();
      const response = await request(server)
        .post('/books/')
        .set(EVERYTHING)
        .send({ ...validBody(), publisher_id: 999_999 })
        .expect(400);
      expect(response.body.message).toBe('publisher_id 999999 does not exist');
      expect(await storedTitles()).toEqual(before);
    });

    it('answers 409 to a duplicate and changes nothing', async () => {
      const before = await storedTitles();
      const response = await request(server)
        .post('/books/')
        .set(EVERYTHING)
        .send({ ...validBody(), title: 'Ulysses' })
        .expect(409);
      expect(response.body.message).toBe('This Book would duplicate an existing one');
      expect(await storedTitles()).toEqual(before);
    });
  });

  describe('update', () => {
    it('replaces the record and answers 200; the list shows the change', async () => {
      const response = await request(server)
        .put(`/books/${books[0]!.id}/`)
        .set(EVERYTHING)
        .send({ ...validBody(), title: 'Candide, ou l’Optimisme', publisher_id: publishers[1]!.id })
        .expect(200);
      expect(response.body).toMatchObject({
        id: books[0]!.id,
        title: 'Candide, ou l’Optimisme',
        pages: 152,
        publisher: { name: 'Gallimard' },
        tags: [{ label: 'classic' }],
      });
      const { body } = await list();
      expect(body.data.map((row: Book) => row.title)).toContain('Candide, ou l’Optimisme');
      expect(body.recordsTotal).toBe(3);
    });

    it('answers 404 for a missing or out-of-scope record and changes nothing', async () => {
      const before = await storedTitles();
      await request(server)
        .put(`/books/${books[3]!.id + 100}/`)
        .set(EVERYTHING)
        .send(validBody())
        .expect(404);
      await request(server).put(`/books/${books[3]!.id}/`).set(EVERYTHING).send(validBody()).expect(404);
      expect(await storedTitles()).toEqual(before);
    });

    it('refuses an invalid body with 400 and changes nothing', async () => {
      const before = await storedTitles();
      const response = await request(server)
        .put(`/books/${books[0]!.id}/`)
        .set(EVERYTHING)
        .send({ ...validBody(), pages: -1, owner: 'me' })
        .expect(400);
      expect(response.body.message).toEqual(
        expect.arrayContaining(['pages must not be less than 1', 'property owner should not exist']),
      );
      expect(await storedTitles()).toEqual(before);
    });

    it('answers 409 when the change would duplicate another record, and changes nothing', async () => {
      const before = await storedTitles();
      await request(server)
        .put(`/books/${books[0]!.id}/`)
        .set(EVERYTHING)
        .send({ ...validBody(), title: 'Ulysses' })
        .expect(409);
      expect(await storedTitles()).toEqual(before);
    });
  });

  describe('delete', () => {
    it('deletes with an empty 204; the list no longer has it; a second delete is 404', async () => {
      const response = await request(server).delete(`/books/${books[1]!.id}/`).set(EVERYTHING).expect(204);
      expect(response.text).toBe('');
      const { body } = await list();
      expect(body.recordsTotal).toBe(2);
      expect(body.data.map((row: Book) => row.title)).toEqual(['Candide', 'Ulysses']);
      await request(server).delete(`/books/${books[1]!.id}/`).set(EVERYTHING).expect(404);
    });

    it('does not delete a record outside the scope', async () => {
      await request(server).delete(`/books/${books[3]!.id}/`).set(EVERYTHING).expect(404);
      expect(await storedTitles()).toContain('Archived draft/10');
    });
  });

  describe('permissions', () => {
    // The list's POST form (`/query`, parameters in the body) is a read: the list permission, never a write's.
    const routes = [
      ['list', 'get', () => '/books/', validBody],
      ['list', 'post', () => '/books/query', () => ({ search: 'a', ordering: '-pages' })],
      ['retrieve', 'get', () => `/books/${books[0]!.id}/`, validBody],
      ['create', 'post', () => '/books/', validBody],
      ['update', 'put', () => `/books/${books[0]!.id}/`, validBody],
      ['delete', 'delete', () => `/books/${books[0]!.id}/`, validBody],
    ] as const;

    it.each(routes)(
      '%s through %s: 401 without a user, 403 without its permission, and a refusal changes nothing',
      async (action, method, path, body) => {
        const before = await storedTitles();
        await request(server)[method](path()).send(body()).expect(401);
        const others = Object.entries(BOOK_PERMISSIONS)
          .filter(([other]) => BOOK_PERMISSIONS[other as keyof typeof BOOK_PERMISSIONS] !== BOOK_PERMISSIONS[action])
          .map(([, permission]) => permission);
        const refused = await request(server)
          [method](path())
          .set(asUser({ permissions: others }))
          .send(body())
          .expect(403);
        expect(refused.body.message).toBe(`Missing permission: ${BOOK_PERMISSIONS[action]}`);
        expect(await storedTitles()).toEqual(before);
        const allowed = await request(server)
          [method](path())
          .set(asUser({ permissions: [BOOK_PERMISSIONS[action]] }))
          .send(body());
        expect(allowed.status).toBeLessThan(300);
      },
    );

    it('answers the POST form of the list like the GET one, with a 200', async () => {
      const parameters = { search: 'penguin', ordering: '-pages', tags__label: 'poetry', draw: '4' };
      const viewer = asUser({ permissions: [BOOK_PERMISSIONS.list] });
      const got = await request(server).get('/books/').query(parameters).set(viewer).expect(200);
      const posted = await request(server).post('/books/query').send(parameters).set(viewer).expect(200);
      const form = await request(server).post('/books/query/').type('form').send(parameters).set(viewer).expect(200);
      expect(posted.body).toEqual(got.body);
      expect(form.body).toEqual(got.body);
      expect(got.body).toMatchObject({ recordsFiltered: 1, draw: 4 });
    });
  });

  it('documents its five routes and the POST form of its list in OpenAPI', () => {
    const document = SwaggerModule.createDocument(testApp.app, new DocumentBuilder().build());
    expect(Object.keys(document.paths['/books']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/books/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    // Bulk delete is served only when the declaration names it; BOOK_RESOURCE does not.
    expect(document.paths['/books/bulk-delete']).toBeUndefined();
    expect(document.paths['/books']!.post!.tags).toEqual(['books']);
    expect(Object.keys(document.paths['/books/{id}']!.delete!.responses)).toEqual(
      expect.arrayContaining(['204', '400', '401', '403', '404']),
    );
    const listParameters = (document.paths['/books']!.get!.parameters as Array<{ name: string }>).map((p) => p.name);
    expect(listParameters).toEqual(expect.arrayContaining(['search', 'ordering', 'pages__gte', 'tags__label']));
    expect(document.components!.schemas!.BookDto).toBeDefined();
    const query = document.paths['/books/query']!.post!;
    const body = query.requestBody as { content: Record<string, unknown> };
    expect(Object.keys(body.content)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(Object.keys(query.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
  });
});
