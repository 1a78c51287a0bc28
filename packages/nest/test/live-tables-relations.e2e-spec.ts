import { TypeOrmModule } from '@nestjs/typeorm';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DataTableChanges, DataTableChangeSubscriber } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { ALBUM_ENTITIES, Album, Artist } from './fixtures/album.entities.js';
import {
  LiveAlbumNamesController,
  LiveAlbumsController,
  LiveArtistsController,
} from './fixtures/live-relations.fixture.js';
import { openEventStream, type EventStreamReader } from './fixtures/event-stream.reader.js';

const ALICE = asUser({ name: 'alice' });
const BOB = asUser({ name: 'bob' });

describeEachDatabase('Live tables reading a related entity', (kind) => {
  let testApp: TestApp;
  let server: App;
  let base: string;
  let artist: Artist;
  let album: Album;
  const open: EventStreamReader[] = [];

  async function ready(tables: string): Promise<EventStreamReader> {
    const reader = await openEventStream(`${base}/live/?tables=${tables}`, ALICE);
    open.push(reader);
    expect(reader.status).toBe(200);
    await reader.next('ready');
    return reader;
  }

  /** The `change` events of the next notices, once the interval has passed, by table. */
  async function changes(reader: EventStreamReader): Promise<Record<string, unknown>> {
    await reader.next('change');
    await reader.quiet('change', 200);
    const byTable: Record<string, unknown> = {};
    for (const event of reader.events.filter((seen) => seen.type === 'change')) {
      byTable[(event.data as { table: string }).table] = event.data;
    }
    reader.events.length = 0;
    return byTable;
  }

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: ALBUM_ENTITIES,
      imports: [TypeOrmModule.forFeature(ALBUM_ENTITIES)],
      controllers: [LiveAlbumsController, LiveAlbumNamesController, LiveArtistsController],
      providers: [DataTableChangeSubscriber],
      widgetlib: { live: { interval: 50 } },
    });
    await testApp.app.listen(0, '127.0.0.1');
    server = testApp.app.getHttpServer() as App;
    base = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
    artist = await testApp.dataSource.getRepository(Artist).save({ name: 'Nina Simone', country: 'US' });
    album = await testApp.dataSource.getRepository(Album).save({
      name: 'Pastel Blues',
      rank: 1,
      year: 1965,
      released: '1965-10-01',
      recorded_at: new Date('1965-01-01T00:00:00Z'),
      is_live: false,
      sales: null,
      artist,
    });
  });

  afterEach(async () => {
    for (const reader of open.splice(0)) reader.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  afterAll(() => testApp.close());

  it('tells the albums table that reads artist__name a bare "changed" when an artist changes through the resource routes', async () => {
    const alice = await ready('live-albums,live-album-names,live-artists');
    await request(server).put(`/live-artists/${artist.id}/`).set(BOB).send({ name: 'Eunice Waymon' }).expect(200);
    expect(await changes(alice)).toEqual({
      'live-albums': { table: 'live-albums', kind: 'changed' },
      'live-artists': { table: 'live-artists', kind: 'updated', keys: [artist.id] },
    });
    const { body } = await request(server).get('/live-albums/').set(ALICE).expect(200);
    expect(body.data[0].artist.name).toBe('Eunice Waymon');
  });

  it('does so for DataTableChanges.published and for a write through a repository (the subscriber)', async () => {
    const alice = await ready('live-albums,live-album-names');
    await testApp.app.get(DataTableChanges).published(Artist, [artist.id], 'deleted');
    expect(await changes(alice)).toEqual({ 'live-albums': { table: 'live-albums', kind: 'changed' } });
    await testApp.dataSource.getRepository(Artist).update(artist.id, { country: 'FR' });
    expect(await changes(alice)).toEqual({ 'live-albums': { table: 'live-albums', kind: 'changed' } });
    await testApp.dataSource.getRepository(Artist).save({ name: 'Another artist' });
    expect(await changes(alice)).toEqual({ 'live-albums': { table: 'live-albums', kind: 'changed' } });
    expect(JSON.stringify(alice.events)).not.toContain('keys');
  });

  it('still tells both album tables the keys of an album of their own', async () => {
    const alice = await ready('live-albums,live-album-names');
    await testApp.app.get(DataTableChanges).published(Album, [album.id], 'updated');
    expect(await changes(alice)).toEqual({
      'live-albums': { table: 'live-albums', kind: 'updated', keys: [album.id] },
      'live-album-names': { table: 'live-album-names', kind: 'updated', keys: [album.id] },
    });
  });

  it('tells a table that does not read the relation nothing of an artist', async () => {
    const names = await ready('live-album-names');
    await request(server).put(`/live-artists/${artist.id}/`).set(BOB).send({ name: 'Nina' }).expect(200);
    await testApp.app.get(DataTableChanges).published(Artist, null, 'updated');
    await testApp.dataSource.getRepository(Artist).update(artist.id, { country: 'US' });
    expect(await names.quiet('change', 400)).toBe(true);
  });
});
