// Help coverage: the views the app has (@ViewName), the labelled fields the panel reports for
// them (listed once enough distinct users reported them), and which of those have help, in which
// languages; admins clear a view's reported fields.
import { Controller, Get, Post } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Help, HelpField, HelpFieldReport, ViewName } from '../src/index.js';
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

describeEachDatabase('Help coverage, the first report counting (helpCoverageReporters: 1)', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { controllers: [CataloguePages], widgetlib: { helpCoverageReporters: 1 } });
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
        labels: {},
        with_help: [
          { question_name: 'name', languages: [null, 'es'] },
          { question_name: 'year', languages: ['es'] },
        ],
        without_help: ['genre', 'label'],
      },
      { id_view: 'catalogue:artist-form', registered: true, labels: {}, with_help: [], without_help: ['born'] },
      {
        id_view: 'legacy:form',
        registered: false,
        labels: {},
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

describeEachDatabase('Help coverage, by default once two distinct users reported a field', (kind) => {
  let testApp: TestApp;
  let server: App;
  const ALBUM_FORM = 'catalogue:album-form';
  const as = (name: string) => asUser({ name, permissions: ['widgetlib.view_help'] });

  beforeAll(async () => {
    testApp = await createTestApp(kind, { controllers: [CataloguePages] });
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  afterEach(async () => {
    await testApp.dataSource.getRepository(HelpField).clear();
    await testApp.dataSource.getRepository(HelpFieldReport).clear();
  });

  const report = (user: Record<string, string>, fields: string[], id_view = ALBUM_FORM) =>
    request(server).post('/help/coverage/fields/').set(user).send({ id_view, fields });
  const listed = async (id_view = ALBUM_FORM) => {
    const coverage = await request(server).get('/help/coverage/').set(admin).expect(200);
    return (coverage.body as Array<{ id_view: string; without_help: string[] }>).find(
      (view) => view.id_view === id_view,
    )!.without_help;
  };
  const pending = () => testApp.dataSource.getRepository(HelpFieldReport).find({ order: { question_name: 'ASC' } });

  it('lists a field once a second user reports it; one user reporting again is still one', async () => {
    await report(as('ann'), ['name', 'year', 'made-up']).expect(204);
    await report(as('ann'), ['name', 'year', 'made-up']).expect(204);
    expect(await listed()).toEqual([]);
    await report(as('bob'), ['name', 'year', 'genre']).expect(204);
    expect(await listed()).toEqual(['name', 'year']);
    // What stays are the reports of fields only one user saw, keyed by a hash, not the user's name.
    const left = await pending();
    expect(left.map((row) => row.question_name)).toEqual(['genre', 'made-up']);
    expect(left.every((row) => /^[0-9a-f]{64}$/.test(row.reporter))).toBe(true);
    expect(new Set(left.map((row) => row.reporter)).size).toBe(2);
    // A listed field is no news: a third report stores nothing for it.
    await report(as('cy'), ['name']).expect(204);
    expect((await pending()).map((row) => row.question_name)).toEqual(['genre', 'made-up']);
  });

  it('counts every user without a name as one reporter', async () => {
    await report(reader, ['name']).expect(204);
    await report(asUser({ permissions: ['widgetlib.view_help'] }), ['name']).expect(204);
    expect(await listed()).toEqual([]);
    await report(as('ann'), ['name']).expect(204);
    expect(await listed()).toEqual(['name']);
  });

  it('lists a field that users report at the same moment, and keeps no report of it', async () => {
    // Two users, each the other's second reporter: whichever counts last must see both.
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(['ann', 'bob'].map((name) => report(as(name), [`pair${round}`])));
      expect(answers.map((answer) => answer.status)).toEqual([204, 204]);
    }
    const pairs = Array.from({ length: 10 }, (_, round) => `pair${round}`);
    expect(await listed()).toEqual(pairs);
    const fields = Array.from({ length: 40 }, (_, index) => `field${index}`);
    const users = ['ann', 'bob', 'cy', 'ann', 'bob', 'cy'];
    const answers = await Promise.all(users.map((name) => report(as(name), fields)));
    expect(answers.map((answer) => answer.status)).toEqual(users.map(() => 204));
    expect(await listed()).toEqual([...fields, ...pairs].sort());
    expect(await pending()).toEqual([]);
  });

  it("keeps one user's unconfirmed fields within 500, so that real fields are still listed", async () => {
    const junk = (from: number, count: number) => Array.from({ length: count }, (_, index) => `junk${from + index}`);
    await report(as('mallory'), junk(0, 300)).expect(204);
    await report(as('mallory'), junk(300, 200)).expect(204);
    const past = await report(as('mallory'), ['junk500', 'junk0']).expect(400);
    expect(past.body.message).toEqual([
      `a user may report at most 500 fields of view ${ALBUM_FORM} that fewer than 2 users reported`,
    ]);
    // Fields mallory reported already are no more room: the same report again is taken.
    await report(as('mallory'), junk(0, 10)).expect(204);
    expect(await testApp.dataSource.getRepository(HelpFieldReport).countBy({ question_name: 'junk500' })).toBe(0);
    expect(await listed()).toEqual([]);
    await report(as('ann'), ['name', 'year']).expect(204);
    await report(as('bob'), ['name', 'year']).expect(204);
    expect(await listed()).toEqual(['name', 'year']);
    // A second user reporting one of the junk names lists it: what two users saw counts.
    await report(as('ann'), ['junk7']).expect(204);
    expect(await listed()).toEqual(['junk7', 'name', 'year']);
  });

  it('lists at most 500 fields per view, and a report past that stores nothing', async () => {
    const fields = testApp.dataSource.getRepository(HelpField);
    await fields.insert(
      Array.from({ length: 499 }, (_, index) => ({ id_view: ALBUM_FORM, question_name: `f${index}` })),
    );
    await report(as('ann'), ['a', 'b']).expect(204);
    const past = await report(as('bob'), ['a', 'b']).expect(400);
    expect(past.body.message).toEqual([`view ${ALBUM_FORM} would have more than 500 reported fields`]);
    expect(await fields.countBy({ id_view: ALBUM_FORM })).toBe(499);
    expect((await pending()).map((row) => row.question_name)).toEqual(['a', 'b']);
    await report(as('bob'), ['a']).expect(204);
    expect(await fields.countBy({ id_view: ALBUM_FORM })).toBe(500);
  });
});

describeEachDatabase('Help coverage, clearing a view', (kind) => {
  let testApp: TestApp;
  let server: App;
  const as = (name: string, permissions: string[]) => asUser({ name, permissions });
  const ALBUM_FORM = 'catalogue:album-form';
  const ARTIST_FORM = 'catalogue:artist-form';

  beforeAll(async () => {
    testApp = await createTestApp(kind, { controllers: [CataloguePages] });
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  const reportBy = (name: string, id_view: string, fields: string[]) =>
    request(server)
      .post('/help/coverage/fields/')
      .set(as(name, ['widgetlib.view_help']))
      .send({ id_view, fields })
      .expect(204);
  const clear = (id_view: string, user?: Record<string, string>) => {
    const call = request(server).delete(`/help/coverage/${encodeURIComponent(id_view)}/`);
    return user ? call.set(user) : call;
  };
  const stored = async () => {
    const fields = await testApp.dataSource.getRepository(HelpField).find();
    const reports = await testApp.dataSource.getRepository(HelpFieldReport).find();
    return [...fields, ...reports].map((row) => `${row.id_view} ${row.question_name}`).sort();
  };

  it("forgets the view's listed and unconfirmed fields, for users with change permission only", async () => {
    for (const name of ['ann', 'bob']) await reportBy(name, ALBUM_FORM, ['name', 'year']);
    await reportBy('ann', ALBUM_FORM, ['junk']);
    for (const name of ['ann', 'bob']) await reportBy(name, ARTIST_FORM, ['born']);
    await testApp.dataSource.getRepository(HelpField).insert({ id_view: 'legacy:form', question_name: 'old' });
    const before = await stored();
    expect(before).toEqual([
      `${ALBUM_FORM} junk`,
      `${ALBUM_FORM} name`,
      `${ALBUM_FORM} year`,
      `${ARTIST_FORM} born`,
      'legacy:form old',
    ]);

    await clear(ALBUM_FORM).expect(401);
    for (const permissions of [['widgetlib.view_help'], ['widgetlib.view_help', 'widgetlib.add_help']]) {
      await clear(ALBUM_FORM, as('eve', permissions)).expect(403);
    }
    expect(await stored()).toEqual(before);

    const changer = as('ada', ['widgetlib.view_help', 'widgetlib.change_help']);
    await clear(ALBUM_FORM, changer).expect(204);
    expect(await stored()).toEqual([`${ARTIST_FORM} born`, 'legacy:form old']);
    // A view no route carries any more is cleared as well.
    await clear('legacy:form', changer).expect(204);
    expect(await stored()).toEqual([`${ARTIST_FORM} born`]);
    const coverage = await request(server).get('/help/coverage/').set(changer).expect(200);
    expect(coverage.body).toContainEqual({
      id_view: ALBUM_FORM,
      registered: true,
      labels: {},
      with_help: [],
      without_help: [],
    });

    // Readers' pages report the real fields again.
    for (const name of ['ann', 'bob']) await reportBy(name, ALBUM_FORM, ['name']);
    expect(await stored()).toEqual([`${ALBUM_FORM} name`, `${ARTIST_FORM} born`]);
  });

  it('refuses a view name past 255 characters with 400', async () => {
    const admin = as('ada', ['widgetlib.change_help']);
    const response = await clear('v'.repeat(256), admin).expect(400);
    expect(response.body.message).toEqual(['id_view must be at most 255 characters']);
  });
});

@Controller()
class PagesAndApi {
  @Get('albums/new')
  @ViewName('catalogue:album-form')
  albumForm(): string {
    return 'form';
  }

  @Post('albums/import')
  @ViewName('catalogue:import')
  importAlbums(): string {
    return 'imported';
  }

  @Get('api/albums/:id')
  @ViewName('albums:detail', { page: false })
  albumJson(): object {
    return {};
  }
}

describeEachDatabase('Help coverage lists the pages people see, each field by its label', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { controllers: [PagesAndApi], widgetlib: { helpCoverageReporters: 1 } });
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  const report = (fields: unknown[]) =>
    request(server)
      .post('/help/coverage/fields/')
      .set(reader)
      .send({ id_view: 'catalogue:album-form', fields })
      .expect(204);

  it('lists GET pages, not API routes (`{ page: false }`) nor routes that only take writes', async () => {
    const coverage = await request(server).get('/help/coverage/').set(admin).expect(200);
    expect((coverage.body as Array<{ id_view: string }>).map((view) => view.id_view)).toEqual(['catalogue:album-form']);
  });

  it('keeps the label each field has on its page, and fills the label of a field listed without one', async () => {
    await report(['title']);
    await report([
      { name: 'released_on', label: 'Release date' },
      { name: 'title', label: 'Title' },
      { name: 'notes' },
    ]);
    // A label once kept is not replaced by what a later report says.
    await report([{ name: 'released_on', label: 'Made up' }]);
    const coverage = await request(server).get('/help/coverage/').set(admin).expect(200);
    expect(coverage.body).toEqual([
      {
        id_view: 'catalogue:album-form',
        registered: true,
        labels: { released_on: 'Release date', title: 'Title' },
        with_help: [],
        without_help: ['notes', 'released_on', 'title'],
      },
    ]);
    const stored = await testApp.dataSource
      .getRepository(HelpField)
      .find({ where: { id_view: 'catalogue:album-form' }, order: { question_name: 'ASC' } });
    expect(stored.map(({ question_name, label }) => ({ question_name, label }))).toEqual([
      { question_name: 'notes', label: null },
      { question_name: 'released_on', label: 'Release date' },
      { question_name: 'title', label: 'Title' },
    ]);
  });
});
