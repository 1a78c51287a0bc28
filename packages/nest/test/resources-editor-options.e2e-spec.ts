import type { NestExpressApplication } from '@nestjs/platform-express';
import { Controller } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataTableResource } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { Book, BOOK_PERMISSIONS, Publisher, ShelfTag } from './fixtures/book-resource.fixture.js';
import { ChoicesEditorBooksController, EditorBookDto } from './fixtures/editor-resource.fixture.js';

const WRITER = asUser({ name: 'ed', permissions: ['books.view', 'books.change'] });
const VIEWER = asUser({ name: 'vi', permissions: ['books.view'] });

@Controller('wrong-editor-options')
class WrongEditorOptionsController extends DataTableResource({
  entity: Book,
  name: 'wrong-editor-options',
  createDto: EditorBookDto,
  permissions: BOOK_PERMISSIONS,
  editor: { options: { pages: 'pages', tags: 'tags__label', 'publisher.id': { path: 'publisher__name', limit: 0 } } },
}) {}

describeEachDatabase("DataTableResource: Editor's field options", (kind) => {
  let testApp: TestApp;
  let server: App;
  let ids: Record<string, number>;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [Book, Publisher, ShelfTag],
      imports: [TypeOrmModule.forFeature([Book])],
      controllers: [ChoicesEditorBooksController],
      beforeInit: (app) => (app as NestExpressApplication).useBodyParser('urlencoded', { extended: false }),
    });
    server = testApp.app.getHttpServer() as App;
    const names = ['Penguin', 'Faber & Faber', 'Hidden Press', 'Vintage', 'Zed <Books>', 'Abrams'];
    const publishers = await testApp.dataSource.getRepository(Publisher).save(names.map((name) => ({ name })));
    ids = Object.fromEntries(publishers.map((publisher) => [publisher.name, publisher.id]));
    await testApp.dataSource.getRepository(Book).save([
      { title: 'Dune', pages: 412, publisher: publishers[0]!, archived: false },
      { title: 'Emma', pages: 474, publisher: publishers[1]!, archived: true },
    ]);
  });

  afterAll(() => testApp.close());

  /** The declared fields' options: archived's choices escaped, the first 3 publishers by name but the hidden ones, as text. */
  const expected = () => ({
    archived: [
      { label: 'On the &lt;shelf&gt;', value: false },
      { label: 'Archived', value: true },
    ],
    'publisher.id': [
      { label: 'Abrams', value: ids.Abrams },
      { label: 'Faber & Faber', value: ids['Faber & Faber'] },
      { label: 'Penguin', value: ids.Penguin },
    ],
  });

  it("answers the options in the list's answer to a user who may update, and none to one who may only read", async () => {
    const written = await request(server).get('/editor-chosen-books/').set(WRITER).expect(200);
    expect(written.body.options).toEqual(expected());
    expect(written.body.data).toHaveLength(2);
    const read = await request(server).get('/editor-chosen-books/').set(VIEWER).expect(200);
    expect(read.body).not.toHaveProperty('options');
    expect(read.body.data).toHaveLength(2);
    const queried = await request(server).post('/editor-chosen-books/query').set(WRITER).send({}).expect(200);
    expect(queried.body.options).toEqual(expected());
  });

  it("writes a choice labelled per language in the reader's language, else English", async () => {
    const labels = async (language: string) => {
      const { body } = await request(server)
        .get('/editor-chosen-books/')
        .set(WRITER)
        .set('Accept-Language', language)
        .expect(200);
      return (body.options.archived as { label: string }[]).map((option) => option.label);
    };
    expect(await labels('es-CR')).toEqual(['On the &lt;shelf&gt;', 'Archivado']);
    expect(await labels('fr')).toEqual(['On the &lt;shelf&gt;', 'Archived']);
  });

  it("answers them with an edit, as they are now, and not with a refresh's rows", async () => {
    await testApp.dataSource.getRepository(Publisher).save({ name: 'Aardvark' });
    const dune = await testApp.dataSource.getRepository(Book).findOneByOrFail({ title: 'Dune' });
    const edited = await request(server)
      .post('/editor-chosen-books/editor')
      .set(WRITER)
      .type('form')
      .send(`action=edit&data[${dune.id}][pages]=413`)
      .expect(200);
    expect(edited.body.data).toEqual([expect.objectContaining({ pages: 413, DT_RowId: String(dune.id) })]);
    expect(edited.body.options['publisher.id'].map((option: { label: string }) => option.label)).toEqual([
      'Aardvark',
      'Abrams',
      'Faber & Faber',
    ]);
    const refreshed = await request(server)
      .post('/editor-chosen-books/editor')
      .set(WRITER)
      .type('form')
      .send(`action=read&ids[]=${dune.id}`)
      .expect(200);
    expect(refreshed.body).toEqual({ data: [expect.objectContaining({ title: 'Dune' })] });
    const list = await request(server).get('/editor-chosen-books/').set(VIEWER).expect(200);
    expect(list.body.data.map((row: { DT_RowId: string }) => row.DT_RowId)).toEqual(
      list.body.data.map((row: { id: number }) => String(row.id)),
    );
  });

  it('refuses to start with options it cannot serve, naming each', async () => {
    await expect(
      createTestApp(kind, {
        entities: [Book, Publisher, ShelfTag],
        imports: [TypeOrmModule.forFeature([Book])],
        controllers: [WrongEditorOptionsController],
      }),
    ).rejects.toThrow(
      'editor.options.pages: pages needs choices declared in dataTable, or to cross one to-one relation to the column labelling its rows; ' +
        'editor.options.tags: tags__label needs choices declared in dataTable, or to cross one to-one relation to the column labelling its rows; ' +
        'editor.options.publisher.id.limit must be an integer from 1 to 10000',
    );
  });
});
