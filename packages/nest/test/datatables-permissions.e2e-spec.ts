// The list answer's `permissions` (issue 28): what the current user may do on the table, decided by
// the same `@RequirePermissions` the routes check. Every member is checked against the route itself:
// `true` exactly when the route lets the user through (a 400 or 404 for a bad request, not 401/403).
import { Controller, Get, Post, Req } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  BulkSelection,
  DataTable,
  DataTableBulkAction,
  DataTableResource,
  RequirePermissions,
  type BulkRequest,
  type DataTablePermissions,
  type HttpRequest,
} from '../src/index.js';
import { Author, Note, NoteDto } from './fixtures/scoped-resource.fixture.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const NOTE_TABLE = { searchFields: ['body'], orderingFields: ['id'], defaultOrdering: ['id'] };

/** Every action served, each under its own permission, plus a bulk action of the host's own. */
@Controller('permitted-notes')
class PermittedNotesController extends DataTableResource({
  entity: Note,
  name: 'permitted-notes',
  createDto: NoteDto,
  permissions: {
    list: 'notes.view',
    retrieve: 'notes.view',
    create: 'notes.add',
    update: ['notes.change'],
    delete: 'notes.delete',
    bulkDelete: 'notes.purge',
  },
  dataTable: NOTE_TABLE,
}) {
  @Post('bulk/share')
  @RequirePermissions('notes.share')
  @DataTableBulkAction(NOTE_TABLE)
  async share(@BulkSelection() bulk: BulkRequest, @Req() request: HttpRequest): Promise<{ shared: number }> {
    const selection = await bulk.of(this.baseQuery(request));
    const report = await selection.forEachBatch((keys, manager) => manager.update(Note, keys, { shared: true }));
    return { shared: report.processed };
  }
}

/** Reading only: no create, update, delete or bulk action. */
@Controller('read-notes')
class ReadNotesController extends DataTableResource({
  entity: Note,
  name: 'read-notes',
  permissions: { list: 'notes.view' },
  dataTable: NOTE_TABLE,
}) {}

/** Plain `@DataTable` routes: one that opts in with routes of another controller, one that does not, one mistaken. */
@Controller('plain-notes')
@RequirePermissions('notes.view')
class PlainNotesController {
  constructor(@InjectRepository(Note) private readonly notes: Repository<Note>) {}

  @Get()
  @DataTable({
    ...NOTE_TABLE,
    permissions: {
      create: [PermittedNotesController, 'create'],
      delete: false,
      bulk: { share: [PermittedNotesController, 'share'], tidy: 'tidy' },
    },
  })
  list() {
    return this.notes;
  }

  @Get('silent')
  @DataTable(NOTE_TABLE)
  silent() {
    return this.notes;
  }

  @Get('mistaken')
  @DataTable({ ...NOTE_TABLE, permissions: { update: 'noSuchMethod' } })
  mistaken() {
    return this.notes;
  }

  /** Open to anyone who may list (no permission of its own beyond the controller's). */
  @Post('tidy')
  @DataTableBulkAction(NOTE_TABLE)
  async tidy(@BulkSelection() bulk: BulkRequest): Promise<{ count: number }> {
    return { count: await (await bulk.of(this.notes)).count() };
  }
}

const USERS = {
  admin: asUser({ name: 'admin', isSuperuser: true }),
  editor: asUser({ name: 'editor', permissions: ['notes.view', 'notes.add', 'notes.change', 'notes.share'] }),
  deleter: asUser({ name: 'deleter', permissions: ['notes.view', 'notes.delete'] }),
  purger: asUser({ name: 'purger', permissions: ['notes.view', 'notes.delete', 'notes.purge'] }),
  viewer: asUser({ name: 'viewer', permissions: ['notes.view'] }),
};

describeEachDatabase("The list answer's permissions", (kind) => {
  let testApp: TestApp;
  let server: App;
  let noteId: number;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [Author, Note],
      imports: [TypeOrmModule.forFeature([Note])],
      controllers: [PermittedNotesController, ReadNotesController, PlainNotesController],
    });
    server = testApp.app.getHttpServer() as App;
    noteId = (await testApp.dataSource.getRepository(Note).save({ body: 'kept', owner: 'x' })).id;
  });

  afterAll(() => testApp.close());

  const permissionsOf = async (path: string, user: Record<string, string>) =>
    ((await request(server).get(path).set(user).expect(200)).body as { permissions?: DataTablePermissions })
      .permissions;

  /** Whether the route lets the user through: a bad request then gets a 400 or 404, never 401 or 403. */
  const routeAllows = async (send: () => request.Test): Promise<boolean> => {
    const { status } = await send();
    expect([400, 403, 404]).toContain(status);
    return status !== 403;
  };

  it.each(Object.entries(USERS))('match the routes of a resource for %s', async (_name, user) => {
    const answer = await permissionsOf('/permitted-notes/', user);
    const routes = {
      create: await routeAllows(() => request(server).post('/permitted-notes/').set(user).send({})),
      update: await routeAllows(() => request(server).put(`/permitted-notes/${noteId}/`).set(user).send({})),
      delete: await routeAllows(() => request(server).delete('/permitted-notes/999999/').set(user)),
      bulk: {
        bulkDelete: await routeAllows(() => request(server).post('/permitted-notes/bulk-delete').set(user).send({})),
        share: await routeAllows(() => request(server).post('/permitted-notes/bulk/share').set(user).send({})),
      },
    };
    expect(answer).toEqual(routes);
    // The list's POST form answers the same.
    const posted = await request(server).post('/permitted-notes/query').set(user).send({}).expect(200);
    expect((posted.body as { permissions: unknown }).permissions).toEqual(routes);
    expect(await testApp.dataSource.getRepository(Note).count()).toBe(1);
  });

  it('say what each user may do', async () => {
    expect(await permissionsOf('/permitted-notes/', USERS.viewer)).toEqual({
      create: false,
      update: false,
      delete: false,
      bulk: { bulkDelete: false, share: false },
    });
    expect(await permissionsOf('/permitted-notes/', USERS.editor)).toEqual({
      create: true,
      update: true,
      delete: false,
      bulk: { bulkDelete: false, share: true },
    });
    // bulkDelete requires delete's permission and its own.
    expect((await permissionsOf('/permitted-notes/', USERS.deleter))!.bulk).toEqual({
      bulkDelete: false,
      share: false,
    });
    expect((await permissionsOf('/permitted-notes/', USERS.purger))!.bulk).toEqual({ bulkDelete: true, share: false });
    expect(await permissionsOf('/permitted-notes/', USERS.admin)).toEqual({
      create: true,
      update: true,
      delete: true,
      bulk: { bulkDelete: true, share: true },
    });
  });

  it('deny an action a resource does not serve, to everyone', async () => {
    for (const user of [USERS.admin, USERS.viewer]) {
      expect(await permissionsOf('/read-notes/', user)).toEqual({
        create: false,
        update: false,
        delete: false,
        bulk: {},
      });
      await request(server).post('/read-notes/').set(user).send({ body: 'x' }).expect(404);
    }
  });

  it("of a plain @DataTable come from the routes it names, another controller's too", async () => {
    expect(await permissionsOf('/plain-notes/', USERS.editor)).toEqual({
      create: true,
      delete: false,
      bulk: { share: true, tidy: true },
    });
    expect(await permissionsOf('/plain-notes/', USERS.viewer)).toEqual({
      create: false,
      delete: false,
      bulk: { share: false, tidy: true },
    });
    await request(server).post('/plain-notes/tidy').set(USERS.viewer).send({ all: true }).expect(200);
  });

  it('are not served unless the table declares them', async () => {
    const body = (await request(server).get('/plain-notes/silent').set(USERS.admin).expect(200)).body as object;
    expect(body).not.toHaveProperty('permissions');
  });

  it('naming a route that does not exist is a 500 (a mistake of the host), not a wrong answer', async () => {
    await request(server).get('/plain-notes/mistaken').set(USERS.admin).expect(500);
  });
});
