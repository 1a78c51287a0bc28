// Readers' use of help: recorded only when the host enables it, as one counter per view, entry or
// field, kind and day (nothing about the reader), bounded in views and field names, kept for a
// configurable number of days; the summary per view adds the counters up.
import { Controller, Get } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Help, HelpUsageCounter, ViewName } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const reader = asUser({ name: 'rita', permissions: ['widgetlib.view_help'] });
const admin = asUser({ name: 'ada', permissions: ['widgetlib.view_help', 'widgetlib.change_help'] });
const VIEW = 'albums:edit';
const OTHER_VIEW = 'albums:list';
const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

@Controller('albums')
class AlbumPages {
  @Get(':id/edit')
  @ViewName(VIEW)
  edit(): string {
    return 'form';
  }

  @Get()
  @ViewName(OTHER_VIEW)
  list(): string {
    return 'list';
  }
}

describeEachDatabase('Help usage', (kind) => {
  describe('when the host enables it', () => {
    let testApp: TestApp;
    let server: App;
    let name: Help;
    let year: Help;

    beforeAll(async () => {
      testApp = await createTestApp(kind, { widgetlib: { helpUsage: true }, controllers: [AlbumPages] });
      server = testApp.app.getHttpServer() as App;
      const repository = testApp.dataSource.getRepository(Help);
      [name, year] = await repository.save([
        repository.create({ id_view: VIEW, question_name: 'name', help_title: 'Name', help_text: '' }),
        repository.create({ id_view: VIEW, question_name: 'year', help_title: 'Year', help_text: '' }),
      ]);
    });

    afterAll(() => testApp.close());

    const counters = () => testApp.dataSource.getRepository(HelpUsageCounter);
    const post = (body: object) => request(server).post('/help/usage/').set(reader).send(body);

    it('counts each event once, in one counter of its day, and summarises exactly the events', async () => {
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
        { event: 'missing', id_view: OTHER_VIEW, question_name: 'genre' },
      ];
      for (const event of events) await post(event).expect(204);
      const stored = await counters().find({ order: { id: 'ASC' } });
      const today = dayOf(Date.now());
      expect(
        stored.map(({ kind, id_view, question_name, help_id, day, count }) => ({
          kind,
          id_view,
          question_name,
          help_id,
          day,
          count,
        })),
      ).toEqual([
        { kind: 'opened', id_view: VIEW, question_name: 'name', help_id: name.id, day: today, count: 3 },
        { kind: 'opened', id_view: VIEW, question_name: 'year', help_id: year.id, day: today, count: 1 },
        { kind: 'helpful', id_view: VIEW, question_name: 'name', help_id: name.id, day: today, count: 1 },
        { kind: 'not_helpful', id_view: VIEW, question_name: 'name', help_id: name.id, day: today, count: 1 },
        { kind: 'not_helpful', id_view: VIEW, question_name: 'year', help_id: year.id, day: today, count: 1 },
        { kind: 'asked', id_view: VIEW, question_name: 'name', help_id: 0, day: today, count: 1 },
        { kind: 'missing', id_view: VIEW, question_name: 'genre', help_id: 0, day: today, count: 2 },
        { kind: 'missing', id_view: VIEW, question_name: 'label', help_id: 0, day: today, count: 1 },
        { kind: 'missing', id_view: OTHER_VIEW, question_name: 'genre', help_id: 0, day: today, count: 1 },
      ]);

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
      await counters().clear();
    });

    it('counts every one of concurrent events, the first ones of a counter included', async () => {
      const concurrent = 30;
      const responses = await Promise.all([
        ...Array.from({ length: concurrent }, () => post({ event: 'missing', id_view: VIEW, question_name: 'rush' })),
        ...Array.from({ length: concurrent }, () => post({ event: 'opened', help_id: year.id })),
      ]);
      expect(responses.map((response) => response.status)).toEqual(responses.map(() => 204));
      const rush = await counters().findBy({ question_name: 'rush' });
      expect(rush.map((counter) => counter.count)).toEqual([concurrent]);
      const opened = await counters().findBy({ kind: 'opened', help_id: year.id });
      expect(opened.map((counter) => counter.count)).toEqual([concurrent]);
      await counters().clear();
    });

    it('adds the counters of every day kept up in the summary', async () => {
      const today = Date.now();
      await counters().save([
        {
          kind: 'missing',
          id_view: VIEW,
          question_name: 'genre',
          help_id: 0,
          day: dayOf(today - 3 * DAY_MS),
          count: 4,
        },
        { kind: 'missing', id_view: VIEW, question_name: 'genre', help_id: 0, day: dayOf(today - DAY_MS), count: 5 },
        {
          kind: 'opened',
          id_view: VIEW,
          question_name: 'year',
          help_id: year.id,
          day: dayOf(today - DAY_MS),
          count: 2,
        },
      ]);
      await post({ event: 'missing', id_view: VIEW, question_name: 'genre' }).expect(204);
      await post({ event: 'opened', help_id: year.id }).expect(204);
      const summary = await request(server).get('/help/usage/').query({ id_view: VIEW }).set(admin).expect(200);
      expect(summary.body.missing).toEqual([{ question_name: 'genre', clicks: 10 }]);
      expect(summary.body.most_opened).toEqual([
        { help_id: year.id, question_name: 'year', opened: 3, helpful: 0, not_helpful: 0 },
      ]);
      await counters().clear();
    });

    it.each([
      [{ event: 'clicked', help_id: 1 }, 'event must be one of opened, helpful, not_helpful, asked, missing'],
      [{ event: 'opened' }, 'help_id must be a positive integer no greater than 2147483647'],
      [{ event: 'opened', help_id: '1' }, 'help_id must be a positive integer no greater than 2147483647'],
      [{ event: 'opened', help_id: 1, email: 'x@y' }, 'property email should not exist'],
      [{ event: 'missing', id_view: VIEW }, 'question_name must be a non-empty string of at most 255 characters'],
      [{ event: 'missing', id_view: 'made:up', question_name: 'genre' }, 'id_view "made:up" is not a view of this app'],
      [{ event: 'asked', id_view: 'x'.repeat(60), question_name: 'genre' }, 'is not a view of this app'],
    ])('refuses %j with 400 and stores nothing', async (body, message) => {
      const before = await counters().count();
      const response = await post(body).expect(400);
      expect((response.body.message as string[]).join('\n')).toContain(message);
      expect(await counters().count()).toBe(before);
    });

    it('takes events of at most 500 field names per view, and always those of a name it has', async () => {
      const day = dayOf(Date.now() - DAY_MS);
      const names = Array.from({ length: 499 }, (_, index) => `field${index}`);
      await counters().insert(
        names.map((question_name) => ({
          kind: 'missing' as const,
          id_view: VIEW,
          question_name,
          help_id: 0,
          day,
          count: 1,
        })),
      );
      // Entries' events do not take room from fields: the view has 499 field names still.
      await post({ event: 'opened', help_id: name.id }).expect(204);
      await post({ event: 'asked', id_view: VIEW, question_name: 'the500th' }).expect(204);
      const past = await post({ event: 'missing', id_view: VIEW, question_name: 'x'.repeat(200) }).expect(400);
      expect(past.body.message).toEqual([`view ${VIEW} would have usage of more than 500 fields`]);
      await post({ event: 'missing', id_view: VIEW, question_name: 'field7' }).expect(204);
      await post({ event: 'missing', id_view: VIEW, question_name: 'the500th' }).expect(204);
      // Each view has its own room.
      await post({ event: 'missing', id_view: OTHER_VIEW, question_name: 'x'.repeat(200) }).expect(204);
      const fieldNames = new Set((await counters().findBy({ id_view: VIEW, help_id: 0 })).map((c) => c.question_name));
      expect(fieldNames.size).toBe(500);
      expect(await counters().countBy({ question_name: 'x'.repeat(200), id_view: VIEW })).toBe(0);
      await counters().clear();
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

  describe('retention', () => {
    let testApp: TestApp;
    let server: App;
    const realNow = Date.now;

    beforeAll(async () => {
      testApp = await createTestApp(kind, {
        widgetlib: { helpUsage: true, helpUsageRetentionDays: 30 },
        controllers: [AlbumPages],
      });
      server = testApp.app.getHttpServer() as App;
    });

    afterAll(async () => {
      Date.now = realNow;
      await testApp.close();
    });

    const counters = () => testApp.dataSource.getRepository(HelpUsageCounter);
    const post = (question_name: string) =>
      request(server).post('/help/usage/').set(reader).send({ event: 'missing', id_view: VIEW, question_name });
    const counterOf = (question_name: string, day: string) => ({
      kind: 'missing' as const,
      id_view: VIEW,
      question_name,
      help_id: 0,
      day,
      count: 7,
    });
    // An hour later may be the next day: a name's counters of two days are one name here.
    const keptNames = async () => [
      ...new Set((await counters().find({ order: { question_name: 'ASC' } })).map((c) => c.question_name)),
    ];

    it('removes the counters of days before the retention on a write, at most once an hour', async () => {
      const now = Date.now();
      await counters().insert([
        counterOf('older', dayOf(now - 31 * DAY_MS)),
        counterOf('oldest-kept', dayOf(now - 30 * DAY_MS)),
        counterOf('yesterday', dayOf(now - DAY_MS)),
      ]);
      await post('today').expect(204);
      expect(await keptNames()).toEqual(['oldest-kept', 'today', 'yesterday']);

      // Within the hour, writes do not look for old counters again.
      await counters().insert(counterOf('old-again', dayOf(now - 40 * DAY_MS)));
      await post('today').expect(204);
      expect(await keptNames()).toEqual(['old-again', 'oldest-kept', 'today', 'yesterday']);

      // An hour later, the next write does; what the summary counts is what is kept. An hour later may
      // be the next day, whose retention no longer keeps the oldest day.
      const later = realNow() + 61 * 60 * 1000;
      Date.now = () => later;
      const nextDay = dayOf(later) !== dayOf(now);
      await post('today').expect(204);
      expect(await keptNames()).toEqual(nextDay ? ['today', 'yesterday'] : ['oldest-kept', 'today', 'yesterday']);
      const summary = await request(server).get('/help/usage/').query({ id_view: VIEW }).set(admin).expect(200);
      expect(summary.body.missing).toEqual([
        ...(nextDay ? [] : [{ question_name: 'oldest-kept', clicks: 7 }]),
        { question_name: 'yesterday', clicks: 7 },
        { question_name: 'today', clicks: 3 },
      ]);
    });
  });

  describe('when the host leaves it off (the default)', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp(kind, { controllers: [AlbumPages] });
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
      expect(await testApp.dataSource.getRepository(HelpUsageCounter).count()).toBe(0);
    });
  });
});
