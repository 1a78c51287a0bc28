// Help coverage: the views the app has (@ViewName), the labelled fields the panel reports for
// them, and which of those have help, in which languages.
import { Controller, Get } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Help, HelpField, ViewName } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

@Controller('catalogue')
class CataloguePages {
  @Get('albums/new')
  @ViewName('catalogue:album-form')
  albumForm(): string {
    return 'form';
  }

  @Get('artists/new')
  @ViewName('catalogue:artist-form')
  artistForm(): string {
    return 'form';
  }
}

const reader = asUser({ permissions: ['widgetlib.view_help'] });
const admin = asUser({ permissions: ['widgetlib.view_help', 'widgetlib.change_help'] });

describeEachDatabase('Help coverage', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { controllers: [CataloguePages] });
    server = testApp.app.getHttpServer() as App;
    const repository = testApp.dataSource.getRepository(Help);
    await repository.save(
      [
        { id_view: 'catalogue:album-form', question_name: 'name', language: null },
        { id_view: 'catalogue:album-form', question_name: 'name', language: 'es' },
        { id_view: 'catalogue:album-form', question_name: 'year', language: 'es' },
        { id_view: 'legacy:form', question_name: 'old', language: null },
      ].map((entry) => repository.create({ ...entry, help_title: 'T', help_text: '' })),
    );
  });

  afterAll(() => testApp.close());

  it('lists every view with the reported fields that have help and those that have none', async () => {
    const report = (id_view: string, fields: string[]) =>
      request(server).post('/help/coverage/fields/').set(reader).send({ id_view, fields }).expect(204);
    await report('catalogue:album-form', ['name', 'year', 'genre', ' label ', 'genre']);
    // Pages report their fields every time they open: known fields are left alone.
    await report('catalogue:album-form', ['genre', 'name']);
    await Promise.all([report('catalogue:artist-form', ['born']), report('catalogue:artist-form', ['born'])]);
    expect(await testApp.dataSource.getRepository(HelpField).count()).toBe(5);

    const coverage = await request(server).get('/help/coverage/').set(admin).expect(200);
    expect(coverage.body).toEqual([
      {
        id_view: 'catalogue:album-form',
        registered: true,
        with_help: [
          { question_name: 'name', languages: [null, 'es'] },
          { question_name: 'year', languages: ['es'] },
        ],
        without_help: ['genre', 'label'],
      },
      { id_view: 'catalogue:artist-form', registered: true, with_help: [], without_help: ['born'] },
      {
        id_view: 'legacy:form',
        registered: false,
        with_help: [{ question_name: 'old', languages: [null] }],
        without_help: [],
      },
    ]);
  });

  it.each([
    [{ id_view: '', fields: [] }, 'id_view must be a non-empty string of at most 255 characters'],
    [{ id_view: 'v', fields: 'name' }, 'fields must be an array of at most 500 non-empty strings'],
    [{ id_view: 'v', fields: [''] }, 'fields must be an array of at most 500 non-empty strings'],
    [
      { id_view: 'v', fields: Array.from({ length: 501 }, (_, i) => `f${i}`) },
      'fields must be an array of at most 500',
    ],
    [{ id_view: 'v', fields: [], extra: 1 }, 'property extra should not exist'],
  ])('refuses the report %# with 400', async (body, message) => {
    const response = await request(server).post('/help/coverage/fields/').set(reader).send(body).expect(400);
    expect((response.body.message as string[]).join('\n')).toContain(message);
  });

  it('refuses reports of a view the app does not have, and past the most fields a view may have', async () => {
    const unknown = await request(server)
      .post('/help/coverage/fields/')
      .set(reader)
      .send({ id_view: 'made:up', fields: ['x'] })
      .expect(400);
    expect(unknown.body.message).toEqual(['id_view "made:up" is not a view of this app']);
    const many = (from: number) => Array.from({ length: 300 }, (_, i) => `many${from + i}`);
    await request(server)
      .post('/help/coverage/fields/')
      .set(reader)
      .send({ id_view: 'catalogue:artist-form', fields: many(0) })
      .expect(204);
    const past = await request(server)
      .post('/help/coverage/fields/')
      .set(reader)
      .send({ id_view: 'catalogue:artist-form', fields: many(300) })
      .expect(400);
    expect(past.body.message).toEqual(['view catalogue:artist-form would have more than 500 reported fields']);
    const stored = testApp.dataSource.getRepository(HelpField);
    expect(await stored.countBy({ id_view: 'made:up' })).toBe(0);
    expect(await stored.countBy({ question_name: 'many300' })).toBe(0);
    await stored.delete({ id_view: 'catalogue:artist-form' });
  });

  it('takes reports from readers and shows coverage to users with change permission', async () => {
    await request(server).post('/help/coverage/fields/').send({ id_view: 'v', fields: [] }).expect(401);
    await request(server).get('/help/coverage/').set(reader).expect(403);
  });
});
