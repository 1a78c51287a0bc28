// StateRestore 1.x's Ajax protocol (action=load|save|rename|remove with stateRestore[<name>]) on the
// saved views store that serves 2.x: form-encoded as jQuery.param sends it, or JSON; the same checks.
import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTable, RequirePermissions, SavedView } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type HttpPlatform, type TestApp } from '@widgetlib/test-support/test-app.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { ALBUM_TABLE } from './fixtures/albums.controller.js';

@Controller()
@RequirePermissions('app.view_album')
class SavedAlbumsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('albums')
  @DataTable({ ...ALBUM_TABLE, id: 'albums', entity: Album })
  list() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album').leftJoinAndSelect('album.artist', 'artist');
  }
}

const VIEW = 'app.view_album';
const ana = asUser({ name: 'ana', permissions: [VIEW] });
const ben = asUser({ name: 'ben', permissions: [VIEW] });
const cy = asUser({ name: 'cy', permissions: ['app.other'] });

/** A form body as jQuery.param (not traditional) writes `data`: what StateRestore 1.x posts. */
function jqueryParam(data: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => add(`${key}[${typeof item === 'object' && item !== null ? index : ''}]`, item));
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    } else {
      pairs.push(
        `${encodeURIComponent(key)}=${encodeURIComponent(value === null || value === undefined ? '' : String(value))}`,
      );
    }
  };
  for (const [name, value] of Object.entries(data)) add(name, value);
  return pairs.join('&');
}

const search = (text: string) => ({ search: text, smart: true, regex: false, caseInsensitive: true });
/** A state as DataTables 2.3 gives StateRestore 1.4: its search objects keep `_hungarianMap`. */
const DT23_STATE = {
  time: 1_700_000_000_000,
  start: 10,
  length: 10,
  order: [['year', 'desc']],
  search: { ...search('love'), return: false, _hungarianMap: { search: 'sSearch' } },
  columns: [
    { name: 'name', visible: true, search: search('') },
    { name: 'year', visible: true, search: search('1999') },
    { name: '', visible: false, search: search('') },
  ],
};
/** What StateRestore 1.4 adds to a state it saves: its settings. */
const OWN = {
  c: { ajax: '/saved-views/albums/state-restore/', saveState: { order: true, search: true }, remove: true },
};
/** The state as the saved view keeps it (and as `load` answers it). */
const KEPT = { ...DT23_STATE, search: { ...search('love'), return: false } };
/** As `load` answers it: the ordered column by its index, which StateRestore 1.x reads. */
const LOADED = { ...KEPT, order: [[1, 'desc']] };

const PLATFORMS: readonly HttpPlatform[] = ['express', 'fastify'];

describeEachDatabase('StateRestore 1.x', (kind) => {
  describe.each(PLATFORMS)('on %s', (platform) => {
    let testApp: TestApp;
    let server: App;

    beforeAll(async () => {
      testApp = await createTestApp(kind, { platform, entities: ALBUM_ENTITIES, controllers: [SavedAlbumsController] });
      server = testApp.app.getHttpServer() as App;
    });

    afterAll(() => testApp.close());

    beforeEach(() => testApp.dataSource.getRepository(SavedView).clear());

    const form = (user: Record<string, string>, data: Record<string, unknown>) =>
      request(server).post('/saved-views/albums/state-restore/').set(user).type('form').send(jqueryParam(data));
    const json = (user: Record<string, string>, data: Record<string, unknown>) =>
      request(server).post('/saved-views/albums/state-restore/').set(user).send(data);
    const load = async (user: Record<string, string>) =>
      (await form(user, { action: 'load' }).expect(200)).body as Record<string, Record<string, unknown>>;

    it('saves, loads, overwrites, renames and removes by name, form-encoded as StateRestore 1.4 posts', async () => {
      await form(ana, { action: 'save', stateRestore: { 'State 1': { ...DT23_STATE, ...OWN } } }).expect(200);
      // Typed back: numbers, flags and lists as DataTables holds them; StateRestore's settings and
      // DataTables' internals left out.
      expect(await load(ana)).toEqual({ 'State 1': LOADED });
      expect(await load(ben)).toEqual({});
      const views = await testApp.dataSource.getRepository(SavedView).findBy({ kind: 'view' });
      expect(views.map((view) => [view.owner, view.name])).toEqual([['ana', 'State 1']]);

      // A save of a name the user has overwrites that view (StateRestore's "Update").
      await form(ana, { action: 'save', stateRestore: { 'state 1': { ...DT23_STATE, length: 25, ...OWN } } }).expect(
        200,
      );
      expect(await load(ana)).toEqual({ 'State 1': { ...LOADED, length: 25 } });
      await form(ana, { action: 'save', stateRestore: { Other: { start: 0 } } }).expect(200);

      await form(ana, { action: 'rename', stateRestore: { 'State 1': ' Loved ' } }).expect(200);
      expect(Object.keys(await load(ana)).sort()).toEqual(['Loved', 'Other']);
      // A taken name: 409, as everywhere in saved views.
      const taken = await form(ana, { action: 'rename', stateRestore: { Loved: 'other' } }).expect(409);
      expect(taken.body.message).toBe('You already have a saved view named "other"');

      await form(ana, { action: 'remove', stateRestore: { Loved: { ...KEPT, ...OWN } } }).expect(200);
      expect(Object.keys(await load(ana))).toEqual(['Other']);
      // The 2.x protocol reads the same store.
      const read = await json(ana, { action: 'state-read' }).expect(200);
      expect(read.body.data).toEqual([expect.objectContaining({ name: 'Other', state: JSON.stringify({ start: 0 }) })]);
    });

    it('takes JSON, as the widgetlib client sends it with the CSRF header', async () => {
      await json(ana, { action: 'save', stateRestore: { Mine: KEPT } }).expect(200);
      expect(await load(ana)).toEqual({ Mine: LOADED });
      const answer = await json(ana, { action: 'load' }).expect(200);
      expect(answer.body).toEqual({ Mine: LOADED });
    });

    it("loads other users' shared views read-only, and refuses to change them", async () => {
      await json(ana, { action: 'state-create', name: 'Team', state: JSON.stringify(KEPT), isSharedOut: true }).expect(
        200,
      );
      expect(await load(ben)).toEqual({
        'Team (ana)': { ...LOADED, c: { save: false, rename: false, remove: false } },
      });
      const refused = await form(ben, { action: 'remove', stateRestore: { 'Team (ana)': KEPT } }).expect(403);
      expect(refused.body.message).toMatch(/is shared by ana: only its owner changes it$/);
      await form(ben, { action: 'rename', stateRestore: { 'Team (ana)': 'Mine' } }).expect(403);
      await form(ben, { action: 'save', stateRestore: { 'Team (ana)': KEPT } }).expect(403);
      expect(Object.keys(await load(ana))).toEqual(['Team']);
    });

    it('refuses bad input with one 400 naming it, and answers by the permissions of the table', async () => {
      const bad = async (data: Record<string, unknown>, message: RegExp) => {
        const answer = await form(ana, data).expect(400);
        expect([answer.body.message].flat().join(' ')).toMatch(message);
      };
      await bad({ action: 'save' }, /save needs stateRestore\[<state name>\]/);
      await bad(
        { action: 'save', stateRestore: { X: { columns: [{ name: 'password' }] } } },
        /state\.columns\[0\]\.name/,
      );
      await bad({ action: 'save', stateRestore: { X: { start: 'first' } } }, /state\.start must be an integer >= 0/);
      await bad({ action: 'save', stateRestore: { X: { colReorder: [1, 0] } } }, /"colReorder" is not kept/);
      await bad({ action: 'save', stateRestore: { X: { order: [['year', 'up']] } } }, /state\.order\[0\]/);
      await bad({ action: 'rename', stateRestore: { X: '' } }, /the new name of "X" must be a name/);
      await bad({ action: 'save', stateRestore: { ['x'.repeat(101)]: { start: 0 } } }, /at most 100 characters/);
      await bad({ action: 'truncate' }, /action must be one of/);
      const missing = await form(ana, { action: 'remove', stateRestore: { Nothing: { start: 0 } } }).expect(404);
      expect(missing.body.message).toBe('No saved view named "Nothing"');
      await form(cy, { action: 'load' }).expect(403);
      await request(server).post('/saved-views/albums/state-restore/').type('form').send('action=load').expect(401);
      expect(await load(ana)).toEqual({});
    });
  });
});
