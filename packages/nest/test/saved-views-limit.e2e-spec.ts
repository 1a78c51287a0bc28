// The most saved views a user keeps for a table holds when creates arrive at once: through the REST
// route and StateRestore's protocol together, for a user near the limit and for one starting afresh.
import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTable, RequirePermissions, SavedView, SAVED_VIEWS_PER_TABLE } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { ALBUM_TABLE } from './fixtures/albums.controller.js';

@Controller()
@RequirePermissions('app.view_album')
class LimitedAlbumsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('albums')
  @DataTable({ ...ALBUM_TABLE, id: 'albums', entity: Album })
  list() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album');
  }
}

const ana = asUser({ name: 'ana', permissions: ['app.view_album'] });
const ben = asUser({ name: 'ben', permissions: ['app.view_album'] });
const LIMIT_MESSAGE = `at most ${SAVED_VIEWS_PER_TABLE} saved views per table and user`;

describeEachDatabase('The saved views limit under concurrent creates', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { entities: ALBUM_ENTITIES, controllers: [LimitedAlbumsController] });
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  beforeEach(() => testApp.dataSource.getRepository(SavedView).clear());

  const stored = (owner: string) =>
    testApp.dataSource.getRepository(SavedView).countBy({ owner, table_id: 'albums', kind: 'view' });
  const seed = async (owner: string, count: number) => {
    const now = new Date();
    const views = testApp.dataSource.getRepository(SavedView);
    await views.insert(
      Array.from({ length: count }, (_, index) => ({
        table_id: 'albums',
        owner,
        kind: 'view' as const,
        name: `Seeded ${index}`,
        state: '{}',
        shared: false,
        is_default: false,
        created_at: now,
        updated_at: now,
      })),
    );
  };
  /** Half through the REST route, half through StateRestore's `state-create`. */
  const create = (user: Record<string, string>, index: number) =>
    index % 2 === 0
      ? request(server)
          .post('/saved-views/albums/')
          .set(user)
          .send({ name: `Concurrent ${index}`, state: { length: 25 } })
      : request(server)
          .post('/saved-views/albums/state-restore/')
          .set(user)
          .send({ action: 'state-create', name: `Concurrent ${index}`, state: JSON.stringify({ length: 25 }) });

  it('stores no more than the limit when 30 creates arrive with 95 views stored', async () => {
    for (let round = 0; round < 3; round += 1) {
      await testApp.dataSource.getRepository(SavedView).clear();
      await seed('ana', SAVED_VIEWS_PER_TABLE - 5);
      await seed('ben', 10);
      const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => create(ana, index)));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201 || status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 400)).toHaveLength(25);
      const refusals = answers.filter((answer) => answer.status === 400).map((answer) => JSON.stringify(answer.body));
      expect(refusals.filter((body) => !body.includes(LIMIT_MESSAGE))).toEqual([]);
      expect(await stored('ana')).toBe(SAVED_VIEWS_PER_TABLE);
      // Another user's views neither count nor change.
      expect(await stored('ben')).toBe(10);
    }
  });

  it('holds for a user whose first views arrive at once, and counts a deleted view out again', async () => {
    const answers = await Promise.all(
      Array.from({ length: SAVED_VIEWS_PER_TABLE + 20 }, (_, index) => create(ben, index)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201 || status === 200)).toHaveLength(SAVED_VIEWS_PER_TABLE);
    expect(statuses.filter((status) => status === 400)).toHaveLength(20);
    expect(await stored('ben')).toBe(SAVED_VIEWS_PER_TABLE);
    const [first] = (await request(server).get('/saved-views/albums/').set(ben).expect(200)).body as { id: number }[];
    await request(server).delete(`/saved-views/albums/${first!.id}/`).set(ben).expect(204);
    // Names no stored view has: each create is refused for the limit alone, not for a taken name.
    const again = await Promise.all([1000, 1002, 1004].map((index) => create(ben, index)));
    expect(again.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
    expect(await stored('ben')).toBe(SAVED_VIEWS_PER_TABLE);
  });
});
