// Readers' use of help: recorded only when the host enables it, each event once, with no more
// about the reader than getUserName gives; the summary per view equals the events.
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Help, HelpUsageEvent } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const reader = asUser({ name: 'rita', permissions: ['widgetlib.view_help'] });
const admin = asUser({ name: 'ada', permissions: ['widgetlib.view_help', 'widgetlib.change_help'] });
const VIEW = 'albums:edit';

describeEachDatabase('Help usage', (kind) => {
  describe('when the host enables it', () => {
    let testApp: TestApp;
    let server: App;
    let name: Help;
    let year: Help;

    beforeAll(async () => {
      testApp = await createTestApp(kind, { widgetlib: { helpUsage: true } });
      server = testApp.app.getHttpServer() as App;
      const repository = testApp.dataSource.getRepository(Help);
      [name, year] = await repository.save([
        repository.create({ id_view: VIEW, question_name: 'name', help_title: 'Name', help_text: '' }),
        repository.create({ id_view: VIEW, question_name: 'year', help_title: 'Year', help_text: '' }),
      ]);
    });

    afterAll(() => testApp.close());

    const post = (body: object) => request(server).post('/help/usage/').set(reader).send(body);

    it('records each event once and summarises exactly the events', async () => {
      const events = [
        ...Array.from({ length: 3 }, () => ({ event: 'opened', help_id: name.id })),
        { event: 'opened', help_id: year.id },
        { event: 'helpful', help_id: name.id },
        { event: 'not_helpful', help_id: name.id },
        { event: 'not_helpful', help_id: year.id },
        { event: 'asked', id_view: VIEW, question_name: 'name' },
        { event: 'missing', id_view: VIEW, question_name: 'genre' },
        { event: 'missing', id_view: VIEW, question_name: 'genre' },
        { event: 'missing', id_view: VIEW, question_name: 'label' },
        { event: 'missing', id_view: 'other:view', question_name: 'genre' },
      ];
      for (const event of events) await post(event).expect(204);
      const stored = await testApp.dataSource.getRepository(HelpUsageEvent).find({ order: { id: 'ASC' } });
      expect(stored.map((row) => row.kind)).toEqual(events.map((event) => event.event));
      expect(new Set(stored.map((row) => row.user_name))).toEqual(new Set(['rita']));

      const summary = await request(server).get('/help/usage/').query({ id_view: VIEW }).set(admin).expect(200);
      const usage = (help: Help, opened: number, helpful: number, not_helpful: number) => ({
        help_id: help.id,
        question_name: help.question_name,
        opened,
        helpful,
        not_helpful,
      });
      expect(summary.body).toEqual({
        id_view: VIEW,
        most_opened: [usage(name, 3, 1, 1), usage(year, 1, 0, 1)],
        least_helpful: [usage(year, 1, 0, 1), usage(name, 3, 1, 1)],
        asked: [{ question_name: 'name', clicks: 1 }],
        missing: [
          { question_name: 'genre', clicks: 2 },
          { question_name: 'label', clicks: 1 },
        ],
      });
    });

    it.each([
      [{ event: 'clicked', help_id: 1 }, 'event must be one of opened, helpful, not_helpful, asked, missing'],
      [{ event: 'opened' }, 'help_id must be a positive integer no greater than 2147483647'],
      [{ event: 'opened', help_id: '1' }, 'help_id must be a positive integer no greater than 2147483647'],
      [{ event: 'opened', help_id: 1, email: 'x@y' }, 'property email should not exist'],
      [{ event: 'missing', id_view: VIEW }, 'question_name must be a non-empty string of at most 255 characters'],
    ])('refuses %j with 400 and stores nothing', async (body, message) => {
      const before = await testApp.dataSource.getRepository(HelpUsageEvent).count();
      const response = await post(body).expect(400);
      expect(response.body.message).toContain(message);
      expect(await testApp.dataSource.getRepository(HelpUsageEvent).count()).toBe(before);
    });

    it('answers 404 for an entry that does not exist', async () => {
      await post({ event: 'opened', help_id: year.id + 100 }).expect(404);
    });

    it('lets readers report and only users with change permission read the summary', async () => {
      await request(server).post('/help/usage/').send({ event: 'opened', help_id: name.id }).expect(401);
      await request(server)
        .post('/help/usage/')
        .set(asUser({ permissions: [] }))
        .send({ event: 'opened', help_id: name.id })
        .expect(403);
      await request(server).get('/help/usage/').query({ id_view: VIEW }).set(reader).expect(403);
      const missing = await request(server).get('/help/usage/').set(admin).expect(400);
      expect(missing.body.message).toEqual(['id_view must be a string']);
    });
  });

  describe('when the host leaves it off (the default)', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp(kind);
    });

    afterAll(() => testApp.close());

    it('stores nothing and says so', async () => {
      const server = testApp.app.getHttpServer() as App;
      const response = await request(server)
        .post('/help/usage/')
        .set(reader)
        .send({ event: 'missing', id_view: VIEW, question_name: 'genre' })
        .expect(404);
      expect(response.body.message).toBe('Help usage is not recorded: the helpUsage option is off');
      await request(server).get('/help/usage/').query({ id_view: VIEW }).set(admin).expect(404);
      expect(await testApp.dataSource.getRepository(HelpUsageEvent).count()).toBe(0);
    });
  });
});
