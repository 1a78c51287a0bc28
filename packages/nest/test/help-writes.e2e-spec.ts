// Every write of a help entry goes through one place, whichever way it comes: a host's repository
// calls and a `DataTableResource` over `Help` get the help API's limits, sanitiser, version check and
// history, and what they delete can be restored.
import { BadRequestException, ConflictException, Controller, HttpException } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { Repository } from 'typeorm';
import {
  CreateHelpDto,
  DataTableResource,
  DEFAULT_HELP_PERMISSIONS,
  Help,
  HelpCriteriaWriteError,
  HelpRevision,
  HelpWriteConflictException,
  ReplaceHelpDto,
  runHelpWrite,
  type HelpRevisionView,
} from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

@Controller('help-entries')
class HelpEntriesController extends DataTableResource({
  entity: Help,
  name: 'help-entries',
  createDto: CreateHelpDto,
  updateDto: ReplaceHelpDto,
  permissions: {
    list: DEFAULT_HELP_PERMISSIONS.view,
    retrieve: DEFAULT_HELP_PERMISSIONS.view,
    create: DEFAULT_HELP_PERMISSIONS.add,
    update: DEFAULT_HELP_PERMISSIONS.change,
    delete: DEFAULT_HELP_PERMISSIONS.delete,
    bulkDelete: DEFAULT_HELP_PERMISSIONS.delete,
  },
  dataTable: { searchFields: ['help_title'], orderingFields: ['id'], defaultOrdering: ['id'] },
}) {}

const ana = asUser({ name: 'ana', permissions: Object.values(DEFAULT_HELP_PERMISSIONS) });
const ENTRY = { id_view: 'albums:edit', question_name: 'name', help_title: 'Name', help_text: '<p>The name</p>' };
const UNSAFE = '<p onclick="steal()">Hi<script>steal()</script><a href="javascript:steal()">x</a></p>';
const DEEP = `${'<span>'.repeat(5_000)}deep${'</span>'.repeat(5_000)}`;
const DEPTH_PROBLEM = 'help_text must not nest elements more than 100 deep (it nests 5000)';

describeEachDatabase('Help writes from every path', (kind) => {
  let testApp: TestApp;
  let server: App;
  let helps: Repository<Help>;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      imports: [TypeOrmModule.forFeature([Help])],
      controllers: [HelpEntriesController],
    });
    server = testApp.app.getHttpServer() as App;
    helps = testApp.dataSource.getRepository(Help);
  });

  afterAll(() => testApp.close());

  beforeEach(async () => {
    await helps.clear();
    await testApp.dataSource.getRepository(HelpRevision).clear();
  });

  const created = async (fields: Partial<Help>) =>
    helps.findOneByOrFail({ id: (await helps.save(helps.create(fields))).id });
  const history = async (id: number) =>
    (await request(server).get(`/help/${id}/revisions/`).set(ana).expect(200)).body as HelpRevisionView[];
  const deleted = async () =>
    (await request(server).get('/help/deleted/').set(ana).expect(200)).body as HelpRevisionView[];
  const restore = (id: number, revision: number) =>
    request(server).post(`/help/${id}/revisions/${revision}/restore/`).set(ana).expect(201);

  describe('through a plain TypeORM repository', () => {
    it('sanitises, starts at version 1 and records the creation, on save and on insert', async () => {
      const saved = await helps.save(helps.create({ ...ENTRY, help_text: UNSAFE }));
      await helps.insert({ ...ENTRY, question_name: 'year', help_text: UNSAFE, language: 'ES-mx' });
      const stored = await helps.find({ order: { id: 'ASC' } });
      expect(stored.map(({ help_text, language, version }) => [help_text, language, version])).toEqual([
        ['<p>Hi<a>x</a></p>', null, 1],
        ['<p>Hi<a>x</a></p>', 'es-MX', 1],
      ]);
      expect(await history(saved.id)).toEqual([
        expect.objectContaining({
          action: 'create',
          user: null,
          before: null,
          after: expect.objectContaining({ version: 1 }),
        }),
      ]);
      expect((await history(stored[1]!.id)).map(({ action }) => action)).toEqual(['create']);
    });

    it('refuses what the help API refuses, with the same 400, and stores nothing', async () => {
      // The library's error as the one error mapping answers it: the API's 400, status and body.
      const refusal: unknown = await helps.save(helps.create({ ...ENTRY, help_text: DEEP })).catch((error) => error);
      expect(refusal).toBeInstanceOf(HttpException);
      expect((refusal as HttpException).getStatus()).toBe(400);
      expect((refusal as HttpException).getResponse()).toEqual({
        ...(new BadRequestException(DEPTH_PROBLEM).getResponse() as object),
        code: 'help.text-too-deep',
      });
      await expect(helps.insert({ ...ENTRY, help_title: 't'.repeat(351) })).rejects.toThrow(
        'help_title must be shorter than or equal to 350 characters',
      );
      await expect(helps.save(helps.create({ ...ENTRY, id_view: '  ' }))).rejects.toThrow(
        'id_view should not be empty',
      );
      const entry = await created(ENTRY);
      await expect(helps.save({ ...entry, help_text: DEEP })).rejects.toThrow(DEPTH_PROBLEM);
      expect(await helps.find()).toEqual([entry]);
      expect(await testApp.dataSource.getRepository(HelpRevision).count()).toBe(1);
    });

    it('records an update with the fields before and after, and the writer a script names', async () => {
      const entry = await helps.save(helps.create(ENTRY));
      await runHelpWrite({ user: 'import-script' }, () => helps.save({ ...entry, help_title: 'Title' }));
      const [update] = await history(entry.id);
      expect(update).toMatchObject({
        action: 'update',
        user: 'import-script',
        before: { help_title: 'Name', version: 1 },
        after: { help_title: 'Title', version: 2 },
      });
      // A save that changes nothing once sanitised writes nothing.
      await helps.save({ ...(await helps.findOneByOrFail({ id: entry.id })), help_text: '<p>The name</p>' });
      expect((await helps.findOneByOrFail({ id: entry.id })).version).toBe(2);
      expect(await history(entry.id)).toHaveLength(2);
    });

    it('refuses to overwrite a change made since the entity was read, through the API or another save', async () => {
      const entry = await helps.save(helps.create(ENTRY));
      const read = await helps.findOneByOrFail({ id: entry.id });
      await request(server)
        .patch(`/help/${entry.id}/`)
        .set(ana)
        .set('If-Match', '"1"')
        .send({ help_title: 'From the API' })
        .expect(200);
      await expect(helps.save({ ...read, help_title: 'Stale' })).rejects.toThrow(
        new HelpWriteConflictException(entry.id, 1, 2),
      );
      await expect(helps.remove(helps.create(read))).rejects.toThrow(HelpWriteConflictException);
      expect(await helps.findOneByOrFail({ id: entry.id })).toMatchObject({ help_title: 'From the API', version: 2 });
      // The API's If-Match holds against a save made meanwhile.
      await helps.save({ ...(await helps.findOneByOrFail({ id: entry.id })), help_title: 'Saved' });
      await request(server).delete(`/help/${entry.id}/`).set(ana).set('If-Match', '"2"').expect(412);
      expect((await history(entry.id)).map(({ action }) => action)).toEqual(['update', 'update', 'create']);
    });

    it('lets exactly one of concurrent saves of one version through', async () => {
      const entry = await helps.save(helps.create(ENTRY));
      // Each from a task of its own: TypeORM's SQLite driver cannot start two transactions in one tick.
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, (_, index) =>
          new Promise((resolve) => setImmediate(resolve)).then(() =>
            testApp.dataSource.transaction((manager) => manager.save(Help, { ...entry, help_title: `Title ${index}` })),
          ),
        ),
      );
      const [won, ...lost] = [...results].sort((a) => (a.status === 'fulfilled' ? -1 : 1));
      expect(won!.status).toBe('fulfilled');
      expect(
        lost.map((result) => result.status === 'rejected' && result.reason instanceof HelpWriteConflictException),
      ).toEqual([true, true, true, true]);
      const stored = await helps.findOneByOrFail({ id: entry.id });
      expect(stored.version).toBe(2);
      expect((await history(entry.id))[0]!.after).toMatchObject({ help_title: stored.help_title, version: 2 });
    });

    it('keeps a removed entry restorable, and refuses writes by criteria that no history could follow', async () => {
      const entry = await created(ENTRY);
      await expect(helps.update({ id: entry.id }, { help_title: 'x' })).rejects.toThrow(HelpCriteriaWriteError);
      await expect(helps.delete(entry.id)).rejects.toThrow(HelpCriteriaWriteError);
      await expect(
        helps.upsert({ ...ENTRY, language_key: '' }, ['id_view', 'question_name', 'language_key']),
      ).rejects.toThrow(ConflictException);
      expect(await helps.find()).toEqual([entry]);

      await helps.remove(await helps.findOneByOrFail({ id: entry.id }));
      const [deletion] = await deleted();
      expect(deletion).toMatchObject({ help_id: entry.id, action: 'delete', before: { ...ENTRY, version: 1 } });
      const restored = (await restore(entry.id, deletion!.id)).body as Help;
      expect(restored).toEqual({ ...entry, version: 2 });
    });
  });

  describe('through a DataTableResource over Help', () => {
    it('answers the help API 400 for text nested too deep, and stores nothing', async () => {
      const response = await request(server)
        .post('/help-entries/')
        .set(ana)
        .send({ ...ENTRY, help_text: DEEP })
        .expect(400);
      expect(response.body.message).toBe(DEPTH_PROBLEM);
      const spanish = await request(server)
        .post('/help-entries/')
        .set({ ...ana, 'Accept-Language': 'es-ES,es;q=0.9' })
        .send({ ...ENTRY, help_text: DEEP })
        .expect(400);
      expect(spanish.body).toMatchObject({
        message: 'el texto de la ayuda no puede anidar elementos más de 100 niveles (anida 5000)',
        code: 'help.text-too-deep',
      });
      const entry = (await request(server).post('/help-entries/').set(ana).send(ENTRY).expect(201)).body as Help;
      await request(server)
        .put(`/help-entries/${entry.id}/`)
        .set(ana)
        .send({ ...ENTRY, help_text: DEEP })
        .expect(400, { statusCode: 400, error: 'Bad Request', message: DEPTH_PROBLEM, code: 'help.text-too-deep' });
      expect(await helps.find()).toEqual([{ ...entry, version: 1 }]);
    });

    it('sanitises, versions and records each write with the request user', async () => {
      const created = (
        await request(server)
          .post('/help-entries/')
          .set(ana)
          .send({ ...ENTRY, help_text: UNSAFE })
          .expect(201)
      ).body as Help;
      expect(created).toMatchObject({ help_text: '<p>Hi<a>x</a></p>', version: 1 });
      const replaced = (
        await request(server)
          .put(`/help-entries/${created.id}/`)
          .set(ana)
          .send({ ...ENTRY, help_title: 'Replaced', language: 'es' })
          .expect(200)
      ).body as Help;
      expect(replaced).toMatchObject({ help_title: 'Replaced', language: 'es', version: 2 });
      expect((await history(created.id)).map(({ action, user, after }) => [action, user, after?.version])).toEqual([
        ['update', 'ana', 2],
        ['create', 'ana', 1],
      ]);
    });

    it('keeps what DELETE and bulk-delete remove restorable, with who removed it', async () => {
      const [first, second, third] = await helps.save(
        ['name', 'year', 'rank'].map((question_name) => helps.create({ ...ENTRY, question_name })),
      );
      await request(server).delete(`/help-entries/${first!.id}/`).set(ana).expect(204);
      const bulk = await request(server).post('/help-entries/bulk-delete').set(ana).send({ all: 'true' }).expect(200);
      expect(bulk.body).toEqual({ deleted: 2 });
      expect(await helps.count()).toBe(0);

      const deletions = await deleted();
      expect(deletions.map(({ help_id, user }) => [help_id, user]).sort()).toEqual(
        [first!.id, second!.id, third!.id].map((id) => [id, 'ana']).sort(),
      );
      for (const deletion of deletions) await restore(deletion.help_id, deletion.id);
      expect(
        (await helps.find({ order: { id: 'ASC' } })).map(({ question_name, version }) => [question_name, version]),
      ).toEqual([
        ['name', 2],
        ['year', 2],
        ['rank', 2],
      ]);
      expect((await history(first!.id)).map(({ action }) => action)).toEqual(['restore', 'delete', 'create']);
    });
  });
});
