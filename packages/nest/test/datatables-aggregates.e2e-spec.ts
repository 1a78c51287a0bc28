import { Controller, Get } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataTable } from '../src/index.js';
import { StatementCounter } from './fixtures/statement-counter.js';
import { seedTally, TALLY_ENTITIES, TallyAlbum, TallyController, type StoredTally } from './fixtures/tally.fixture.js';
import { referenceTally } from './fixtures/tally.reference.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

@Controller()
class WrongAggregatesController {
  @Get('wrong-aggregates')
  @DataTable({ id: 'wrong-aggregates', entity: TallyAlbum, aggregates: { name: ['sum'], songs__nope: ['count'] } })
  albums() {
    return [];
  }
}

/** The counting statements among `statements`. */
const counts = (statements: string[]) => statements.filter((statement) => /COUNT\(/i.test(statement));

describeEachDatabase('Data table aggregates: statements, caching and declarations', (kind) => {
  let testApp: TestApp;
  let server: App;
  let albums: StoredTally[];
  const counter = new StatementCounter();

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: TALLY_ENTITIES,
      controllers: [TallyController],
      typeormLogger: counter,
    });
    server = testApp.app.getHttpServer() as App;
    albums = await seedTally(testApp.dataSource);
  });

  afterAll(() => testApp.close());

  const list = (path: string, query: Record<string, string>) => request(server).get(path).query(query).expect(200);

  it('computes the own and to-one aggregates in the statement that counts recordsFiltered', async () => {
    const statements = await counter.during(() => list('/tally/plain', { format: 'vinyl', limit: '3' }));
    const filteredCount = statements.filter((statement) => statement.includes('wl_count'));
    expect(filteredCount).toHaveLength(2); // recordsTotal (cached-total: counted while none is kept) and recordsFiltered
    const withTotals = filteredCount.filter((statement) => statement.includes('wl_a0_s'));
    expect(withTotals).toHaveLength(1);
    expect(withTotals[0]).toContain('wl_a2_s'); // artist__rating, through the to-one join
    // The to-many paths: one statement per relation (songs, tags), over their distinct rows.
    expect(statements.filter((statement) => statement.includes('wl_rows'))).toHaveLength(2);
    expect(statements.filter((statement) => /wl_a0_s/.test(statement))).toHaveLength(1);
  });

  it('keeps the aggregates with the counts under count: cached, and a filtered count exact under cached-total', async () => {
    const query = { price__isnull: 'false', limit: '2' };
    const first = (await list('/tally/cached', query)).body;
    const second = await counter.during(async () => expect((await list('/tally/cached', query)).body).toEqual(first));
    expect(counts(second)).toEqual([]);
    expect(first.aggregates).toEqual(
      referenceTally(albums, { filters: [['price__isnull', 'false']], limit: 2, offset: 0 }, {}).aggregates,
    );

    // A write made elsewhere: cached-total's filtered totals see it at once.
    const before = (await list('/tally/plain', query)).body.aggregates.tracks.sum as number;
    const [album] = albums.filter((each) => each.price !== null);
    await testApp.dataSource.getRepository(TallyAlbum).update(album!.id, { tracks: album!.tracks + 1000 });
    expect((await list('/tally/plain', query)).body.aggregates.tracks.sum).toBe(before + 1000);
    await testApp.dataSource.getRepository(TallyAlbum).update(album!.id, { tracks: album!.tracks });
  });

  it('orders a grouped table by its group first, whatever the request orders by', async () => {
    const body = (await list('/tally/grouped', { ordering: '-id', limit: '50' })).body;
    const formats = (body.data as { format: string }[]).map((row) => row.format);
    expect(formats).toEqual([...formats].sort());
    expect(Object.keys(body.groups).sort()).toEqual([...new Set(formats)].sort());
    const descending = (await list('/tally/grouped', { ordering: '-format,id', limit: '50' })).body.data as {
      format: string;
    }[];
    expect(descending[0]!.format >= descending.at(-1)!.format).toBe(true);
  });

  it('groups by a date-time column, each group keyed by the instant as the rows write it', async () => {
    const body = (await list('/tally/songs-by-added', { limit: '8', offset: '5' })).body;
    const songs = albums.flatMap((album) => album.songs);
    const sorted = [...songs].sort((a, b) => a.added.localeCompare(b.added) || a.id - b.id);
    const page = sorted.slice(5, 13);
    expect((body.data as { added: string }[]).map((row) => row.added)).toEqual(page.map((song) => song.added));
    const group = (added: string) => songs.filter((song) => song.added === added);
    expect(body.groups).toEqual(
      Object.fromEntries(
        page.map((song) => [
          song.added,
          {
            count: group(song.added).length,
            seconds: { sum: Number(group(song.added).reduce((sum, each) => sum + each.seconds, 0n)) },
          },
        ]),
      ),
    );
  });

  it('refuses to start with aggregates the entity cannot give, naming them', async () => {
    await expect(
      createTestApp(kind, { entities: TALLY_ENTITIES, controllers: [WrongAggregatesController] }),
    ).rejects.toThrow('aggregates.name: sum needs a number column, name is a string');
  });
});
