// The server's messages that reach a user, in the reader's language (Accept-Language, the module's
// default getLanguage): class-validator's 400s of a resource, a help entry and a saved view, the
// table request's 400s a page's user can cause, Editor's answers, an export's words and titles,
// and a resource's messages naming its entity by its `label`. English stays the answer without
// Spanish; every `code` stays as it is.
import { Controller, Get } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { parse as parseCsv } from 'csv-parse/sync';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import {
  DataTable,
  DataTableExport,
  DataTableResource,
  RequirePermissions,
  type DataTableOptions,
} from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { ALBUM_TABLE } from './fixtures/albums.controller.js';
import {
  Book,
  BooksController,
  BOOK_PERMISSIONS,
  BOOK_RESOURCE,
  Publisher,
  ShelfTag,
} from './fixtures/book-resource.fixture.js';
import { EditorBooksController } from './fixtures/editor-resource.fixture.js';

const { actions: _actions, ...ALBUM_LIST } = ALBUM_TABLE;
const ALBUMS: DataTableOptions<Album> = {
  ...ALBUM_LIST,
  id: 'albums',
  entity: Album,
  export: {
    path: 'albums/export',
    formats: ['csv'],
    totals: false,
    columns: [
      { data: 'name', title: { en: 'Name', es: 'Nombre' } },
      { data: 'is_live', title: { en: 'Live', es: 'En directo' } },
      { data: 'year', title: 'Year' },
    ],
  },
};

@Controller()
@RequirePermissions('app.view_album')
class MessageAlbumsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private query() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album').leftJoinAndSelect('album.artist', 'artist');
  }

  @Get('albums')
  @DataTable(ALBUMS)
  list() {
    return this.query();
  }

  @DataTableExport(ALBUMS)
  exportRows() {
    return this.query();
  }
}

/** The books resource, its entity named in each language (its English word is not the class name). */
@Controller('labelled-books')
class LabelledBooksController extends DataTableResource({
  ...BOOK_RESOURCE,
  name: 'labelled-books',
  label: { en: 'Volume', es: 'Libro' },
}) {}

const EVERYTHING = asUser({
  name: 'ana',
  permissions: [
    'app.view_album',
    ...Object.values(BOOK_PERMISSIONS),
    'widgetlib.view_help',
    'widgetlib.add_help',
    'widgetlib.change_help',
  ],
});
const SPANISH = { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.5' };

describeEachDatabase("The server's messages in the reader's language", (kind) => {
  let testApp: TestApp;
  let server: App;
  let publisher: Publisher;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [...ALBUM_ENTITIES, Book, Publisher, ShelfTag],
      imports: [TypeOrmModule.forFeature([Book])],
      controllers: [MessageAlbumsController, BooksController, EditorBooksController, LabelledBooksController],
    });
    server = testApp.app.getHttpServer() as App;
    await seedAlbums(testApp.dataSource);
    [publisher] = await testApp.dataSource.manager.save(Publisher, [{ name: 'Penguin' }]);
  });

  afterAll(() => testApp.close());

  const post = (path: string, body: object, language?: Record<string, string>) =>
    request(server)
      .post(path)
      .set(EVERYTHING)
      .set(language ?? {})
      .send(body);

  it("writes class-validator's messages of a resource's 400 in Spanish, the same list in English", async () => {
    const body = { title: 'x'.repeat(101), pages: 0, publisher_id: publisher!.id, extra: 1 };
    const english = await post('/books/', body).expect(400);
    expect(english.body.message).toEqual([
      'property extra should not exist',
      'title must be shorter than or equal to 100 characters',
      'pages must not be less than 1',
    ]);
    const spanish = await post('/books/', body, SPANISH).expect(400);
    expect(spanish.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: [
        'la propiedad extra no está permitida',
        'title debe tener como mucho 100 caracteres',
        'pages no puede ser menor que 1',
      ],
    });
  });

  it("writes a help entry's and a saved view's validation in Spanish, and their coded refusals keep their codes", async () => {
    const help = { id_view: 'catalogue:album-form', question_name: ' ', help_title: 'Name', help_text: 'Hi' };
    const refused = await post('/help/', { ...help, language: 'es_CR' }, SPANISH).expect(400);
    expect(refused.body.message).toEqual([
      'question_name no puede estar vacío',
      'language debe ser nulo o una etiqueta de idioma BCP 47 como «es» o «es-CR», de como mucho 35 caracteres',
    ]);
    const view = await post('/saved-views/albums/', { name: 'a\u0007b', state: { start: 0 } }, SPANISH).expect(400);
    expect(view.body.message).toEqual(['name no puede contener caracteres de control']);
    await post('/saved-views/albums/', { name: 'Mine', state: { start: 0 } }).expect(201);
    const taken = await post('/saved-views/albums/', { name: 'mine', state: { start: 0 } }, SPANISH).expect(409);
    expect(taken.body).toMatchObject({
      code: 'saved-views.name-taken',
      message: 'Ya tiene una vista guardada llamada "mine"',
    });
  });

  it('writes the 400s a filter, a search or a pane selection can cause in Spanish, and leaves English as it was', async () => {
    const query = {
      draw: '4',
      year__gte: 'soon',
      released: '2020-13-45',
      is_live: 'maybe',
      'columns[0][data]': 'name',
    };
    const english = await request(server).get('/albums').set(EVERYTHING).query(query).expect(400);
    expect(english.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      draw: 4,
      message: [
        `year__gte must be an integer from -2147483648 to 2147483647, got "soon"`,
        'released must be a date as yyyy-MM-dd, got "2020-13-45"',
        'is_live must be true or false (also 1/0, yes/no), got "maybe"',
      ],
    });
    const spanish = await request(server).get('/albums').set(EVERYTHING).set(SPANISH).query(query).expect(400);
    expect(spanish.body).toEqual({
      ...english.body,
      message: [
        'year__gte debe ser un número entero de -2147483648 a 2147483647; se recibió "soon"',
        'released debe ser una fecha como aaaa-MM-dd; se recibió "2020-13-45"',
        'is_live debe ser true o false (también 1/0, yes/no); se recibió "maybe"',
      ],
    });
    const search = await request(server)
      .get('/albums')
      .set(EVERYTHING)
      .set(SPANISH)
      .query({ search: Array.from({ length: 12 }, (_, index) => `word${index}`).join(' ') })
      .expect(400);
    expect(search.body.message).toEqual([
      expect.stringMatching(/^search tiene 12 términos distintos; se admiten como mucho \d+$/),
    ]);
  });

  it("answers Editor's errors and field errors in Spanish from the server catalogue", async () => {
    const [book] = await testApp.dataSource.manager.save(Book, [
      { title: 'Dune', pages: 412, publisher: publisher!, archived: true },
    ]);
    const editor = (body: object) =>
      post('/editor-books/editor', body, SPANISH).set('X-CSRF-Token', 'none').expect(200);
    const outside = await editor({ action: 'edit', data: { [book!.id]: { pages: 1 } } });
    expect(outside.body).toEqual({ data: [], error: `La fila ${book!.id} no existe, o no es una que pueda cambiar` });
    const invalid = await editor({ action: 'create', data: { 0: { title: 'Kim', pages: 0, publisher: { id: 0 } } } });
    expect(invalid.body.fieldErrors).toEqual([
      { id: '0', name: 'pages', status: 'pages no puede ser menor que 1' },
      { id: '0', name: 'publisher.id', status: 'id no puede ser menor que 1' },
    ]);
  });

  it("writes an export's booleans and the declared titles in the reader's language", async () => {
    const csv = async (language?: Record<string, string>) => {
      const response = await request(server)
        .get('/albums/export')
        .set(EVERYTHING)
        .set(language ?? {})
        .query({ format: 'csv', is_live: 'true' })
        .expect(200);
      return parseCsv(response.text.replace(/^\uFEFF/, '')) as string[][];
    };
    const english = await csv();
    const spanish = await csv(SPANISH);
    expect(english[0]).toEqual(['Name', 'Live', 'Year']);
    expect(spanish[0]).toEqual(['Nombre', 'En directo', 'Year']);
    expect(english.length).toBeGreaterThan(1);
    expect(new Set(english.slice(1).map((row) => row[1]))).toEqual(new Set(['Yes']));
    expect(new Set(spanish.slice(1).map((row) => row[1]))).toEqual(new Set(['Sí']));
  });

  describe("names a resource's entity by its label in the reader's language, else by its class", () => {
    const missing = 999_999;
    const answer = (method: 'get' | 'put' | 'delete', path: string, language: Record<string, string>, body = {}) =>
      request(server)[method](path).set(EVERYTHING).set(language).send(body);

    it.each([
      ['es-MX,es;q=0.9,en;q=0.5', 'labelled-books', `Libro ${missing} no existe`],
      ['es', 'labelled-books', `Libro ${missing} no existe`],
      ['en', 'labelled-books', `Volume ${missing} does not exist`],
      ['de', 'labelled-books', `Volume ${missing} does not exist`],
      ['es', 'books', `Book ${missing} no existe`],
      ['en', 'books', `Book ${missing} does not exist`],
    ])('Accept-Language %s, /%s/: a missing record is a 404 naming it', async (language, resource, message) => {
      const headers = { 'Accept-Language': language };
      const body = { title: 'Nowhere', pages: 10, publisher_id: publisher!.id };
      for (const [method, sent] of [
        ['get', {}],
        ['put', body],
        ['delete', {}],
      ] as const) {
        const response = await answer(method, `/${resource}/${missing}/`, headers, sent).expect(404);
        expect(response.body).toMatchObject({ code: 'resource.not-found', message });
      }
    });

    it('names it in a record outside the base query and in a duplicate', async () => {
      const [kept, archived] = await testApp.dataSource.manager.save(Book, [
        { title: 'Emma', pages: 474, publisher: publisher!, archived: false },
        { title: 'Persuasion', pages: 249, publisher: publisher!, archived: true },
      ]);
      const outside = await answer('get', `/labelled-books/${archived!.id}/`, SPANISH).expect(404);
      expect(outside.body.message).toBe(`Libro ${archived!.id} no existe`);
      const copy = { title: kept!.title, pages: 10, publisher_id: publisher!.id };
      const spanish = await post('/labelled-books/', copy, SPANISH).expect(409);
      expect(spanish.body).toMatchObject({
        code: 'resource.duplicate',
        message: 'Este registro de Libro duplicaría uno existente',
      });
      const english = await post('/labelled-books/', copy).expect(409);
      expect(english.body.message).toBe('This Volume would duplicate an existing one');
    });

    it('refuses to start with a label by language without English, or an empty one', async () => {
      for (const [label, problem] of [
        [{ es: 'Libro' }, "label gives texts by language tag, so it must give the default language's (en)"],
        [{ en: 'Book', es: ' ' }, "label: each language's text must be 1 to 100 characters"],
        ['', 'label must be 1 to 100 characters'],
      ] as const) {
        @Controller('badly-labelled-books')
        class BadlyLabelled extends DataTableResource({ ...BOOK_RESOURCE, name: 'badly-labelled', label }) {}
        await expect(
          createTestApp(kind, {
            entities: [Book, Publisher, ShelfTag],
            imports: [TypeOrmModule.forFeature([Book])],
            controllers: [BadlyLabelled],
          }),
        ).rejects.toThrow(`DataTableResource "badly-labelled": ${problem}`);
      }
    });
  });
});
