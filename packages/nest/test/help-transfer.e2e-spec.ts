// Moving help between environments through the API and HelpService: export, and an import that
// upserts by (id_view, question_name, language), sanitises, and is all or nothing.
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Help, HelpRevision, HelpService, type HelpExport } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp, type TestUser } from '@widgetlib/test-support/test-app.js';

const ALL = ['widgetlib.view_help', 'widgetlib.add_help', 'widgetlib.change_help', 'widgetlib.delete_help'];
const admin = asUser({ name: 'admin', permissions: ALL });
const SEED = [
  { id_view: 'albums:edit', question_name: 'name', language: null, help_title: 'Name', help_text: '<p>Name</p>' },
  { id_view: 'albums:edit', question_name: 'name', language: 'es', help_title: 'Nombre', help_text: '<p>Nombre</p>' },
  { id_view: 'albums:edit', question_name: 'year', language: null, help_title: 'Year', help_text: '' },
];

function file(entries: object[]): object {
  return { format: 'widgetlib-help', schemaVersion: 1, exportedAt: '2026-01-01T00:00:00.000Z', entries };
}

describeEachDatabase('Help export and import', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  beforeEach(async () => {
    const repository = testApp.dataSource.getRepository(Help);
    await repository.clear();
    await repository.save(SEED.map((entry) => repository.create(entry)));
    // Without the seed's own revisions: each test counts those of the import.
    await testApp.dataSource.getRepository(HelpRevision).clear();
  });

  const snapshot = async () => ({
    helps: await testApp.dataSource.getRepository(Help).find({ order: { id: 'ASC' } }),
    revisions: await testApp.dataSource.getRepository(HelpRevision).count(),
  });

  it('exports every entry in every language, ordered, without ids or versions', async () => {
    const response = await request(server).get('/help/export/').set(admin).expect(200);
    const exported = response.body as HelpExport;
    expect(exported).toEqual({
      format: 'widgetlib-help',
      schemaVersion: 1,
      exportedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      entries: [SEED[0], SEED[1], SEED[2]],
    });
  });

  it('upserts by (id_view, question_name, language), counts, and records revisions with the user', async () => {
    const response = await request(server)
      .post('/help/import/')
      .set(admin)
      .send(
        file([
          SEED[0]!,
          { ...SEED[1]!, help_title: 'Nombre del álbum' },
          { ...SEED[2]!, language: 'en' },
          { id_view: 'artists:edit', question_name: 'name', help_title: 'Artist' },
        ]),
      )
      .expect(200);
    expect(response.body).toEqual({ created: 2, updated: 1, unchanged: 1, pruned: 0, dryRun: false });
    const revisions = await testApp.dataSource.getRepository(HelpRevision).find({ order: { id: 'ASC' } });
    expect(revisions.map((revision) => [revision.action, revision.user_name])).toEqual([
      ['update', 'admin'],
      ['create', 'admin'],
      ['create', 'admin'],
    ]);
    expect((await snapshot()).helps).toHaveLength(5);
  });

  it('deletes what the file lacks with prune', async () => {
    const response = await request(server)
      .post('/help/import/?prune=true')
      .set(admin)
      .send(file([SEED[0]!]))
      .expect(200);
    expect(response.body).toEqual({ created: 0, updated: 0, unchanged: 1, pruned: 2, dryRun: false });
    expect((await snapshot()).helps.map((help) => help.help_title)).toEqual(['Name']);
  });

  it('reports and changes nothing on a dry run', async () => {
    const before = await snapshot();
    const response = await request(server)
      .post('/help/import/?dry_run=true&prune=true')
      .set(admin)
      .send(
        file([
          { ...SEED[0]!, help_text: 'changed' },
          { ...SEED[0]!, question_name: 'new' },
        ]),
      )
      .expect(200);
    expect(response.body).toEqual({ created: 1, updated: 1, unchanged: 0, pruned: 2, dryRun: true });
    expect(await snapshot()).toEqual(before);
  });

  it('rolls everything back when one entry fails, naming it', async () => {
    const before = await snapshot();
    const response = await request(server)
      .post('/help/import/?prune=true')
      .set(admin)
      .send(
        file([
          { ...SEED[0]!, help_text: 'changed first' },
          { ...SEED[0]!, question_name: 'created first' },
          { ...SEED[0]!, question_name: 'too long once sanitised', help_text: '<br>'.repeat(25_000) },
        ]),
      )
      .expect(400);
    expect(response.body.message).toBe(
      'entries[2]: help_text must be shorter than or equal to 100000 characters after sanitising (it has 150000)',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('sanitises hostile HTML in the file as every write does', async () => {
    await testApp.app.get(HelpService).import(
      file([
        { ...SEED[0]!, help_text: '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>' },
        { ...SEED[0]!, question_name: 'link', help_text: '<a href="javascript:alert(1)">x</a>' },
      ]),
    );
    const texts = (await snapshot()).helps.map((help) => help.help_text);
    expect(texts).toEqual(expect.arrayContaining(['<p>Hi<img src="x" /></p>', '<a>x</a>']));
  });

  it.each([
    [[], 'the file must be a JSON object, as help:export writes it'],
    [{ ...file([]), format: 'other' }, 'format must be "widgetlib-help"'],
    [{ ...file([]), schemaVersion: 2 }, 'schemaVersion 2 is not one this version reads (1)'],
    [file([{ ...SEED[0]!, id: 3 }]), 'entries[0].id is not a field of a help entry'],
    [file([{ ...SEED[0]!, help_title: ' ' }]), 'entries[0].help_title must be a non-empty string'],
    [file([{ ...SEED[0]!, language: 'es_CR' }]), 'entries[0].language must be null or a BCP 47 language tag'],
    [
      file([SEED[1]!, { ...SEED[1]!, language: 'ES' }]),
      'entries[1] has the id_view, question_name and language of entries[0]',
    ],
  ])('refuses an invalid file with 400 and changes nothing (%#)', async (body, message) => {
    const before = await snapshot();
    const response = await request(server).post('/help/import/').set(admin).send(body).expect(400);
    expect((response.body.message as string[]).join('\n')).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a dry_run or prune that is not true or false', async () => {
    const response = await request(server).post('/help/import/?dry_run=yes').set(admin).send(file([])).expect(400);
    expect(response.body.message).toEqual(['dry_run must be true or false']);
  });

  describe('permissions: all four help permissions', () => {
    const USERS: Array<[string, TestUser | null, number]> = [
      ['no user', null, 401],
      ['three of four', { permissions: ALL.slice(0, 3) }, 403],
      ['view only', { permissions: ['widgetlib.view_help'] }, 403],
      ['all four', { permissions: ALL }, 200],
      ['all four through a group', { permissions: [], groups: [{ permissions: ALL }] }, 200],
      ['superuser', { isSuperuser: true }, 200],
    ];
    it.each(USERS)('%s: export and import answer %i', async (_name, user, status) => {
      const headers = user ? asUser(user) : {};
      await request(server).get('/help/export/').set(headers).expect(status);
      const before = await snapshot();
      await request(server).post('/help/import/?prune=true').set(headers).send(file([])).expect(status);
      if (status !== 200) expect(await snapshot()).toEqual(before);
    });
  });
});
