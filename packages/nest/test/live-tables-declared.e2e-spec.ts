// The live stream is served only when a table is declared live: without one, `GET <prefix>/live/`
// answers as an unknown route does (before the host's guards) and the OpenAPI document leaves it out.
import {
  Injectable,
  Module,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
  type INestApplication,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { asUser, createTestApp, type HttpPlatform, type TestApp } from '@widgetlib/test-support/test-app.js';
import { LiveItem, LiveItemsController } from './fixtures/live-tables.fixture.js';
import { BOOK_PERMISSIONS, Book, BooksController, Publisher, ShelfTag } from './fixtures/book-resource.fixture.js';

/** A host's global authentication: no user, no route (as an unknown route, which no guard sees). */
@Injectable()
class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ user?: unknown; raw?: { user?: unknown } }>();
    if (!request.user && !request.raw?.user) throw new UnauthorizedException();
    return true;
  }
}

@Module({ providers: [{ provide: APP_GUARD, useClass: SignedInGuard }] })
class HostAuthModule {}

const USER = asUser({ name: 'alice', permissions: Object.values(BOOK_PERMISSIONS) });
const PLATFORMS: HttpPlatform[] = ['express', 'fastify'];

describe.each(PLATFORMS)('The live stream route on %s', (platform) => {
  async function start(live: boolean): Promise<{ testApp: TestApp; server: App; document: OpenAPIObject }> {
    let document: OpenAPIObject | undefined;
    const testApp = await createTestApp('sqlite', {
      platform,
      entities: live ? [LiveItem] : [Book, Publisher, ShelfTag],
      imports: [TypeOrmModule.forFeature(live ? [LiveItem] : [Book, Publisher, ShelfTag]), HostAuthModule],
      controllers: live ? [LiveItemsController] : [BooksController],
      widgetlib: { routePrefix: 'kb', live: { interval: 50 } },
      // As most hosts do, the document is made before the application starts.
      beforeInit: (app: INestApplication) => {
        document = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('test').build());
      },
    });
    return { testApp, server: testApp.app.getHttpServer() as App, document: document! };
  }

  describe('without a live table', () => {
    let started: Awaited<ReturnType<typeof start>>;
    beforeAll(async () => (started = await start(false)));
    afterAll(() => started.testApp.close());

    it.each([
      ['a signed-in user', USER],
      ['no user', {}],
    ])('answers GET kb/live/ for %s as the host answers an unknown route', async (_who, headers) => {
      for (const path of ['/kb/live/?tables=books', '/kb/live', '/kb/live/']) {
        const unknownPath = path.replace('/live', '/no-such-route');
        const unknown = await request(started.server).get(unknownPath).set(headers);
        const live = await request(started.server).get(path).set(headers);
        expect(unknown.status).toBe(404);
        expect(live.status).toBe(404);
        expect(live.headers['content-type']).toBe(unknown.headers['content-type']);
        expect(live.body).toEqual({
          ...unknown.body,
          message: (unknown.body as { message: string }).message.replace('/no-such-route', '/live'),
        });
        expect(live.body).toEqual({ statusCode: 404, error: 'Not Found', message: `Cannot GET ${path}` });
      }
    });

    it('leaves the stream out of the OpenAPI document', () => {
      const paths = Object.keys(started.document.paths);
      expect(paths).toContain('/books');
      expect(paths).toContain('/kb/saved-views/{table}');
      expect(paths.filter((path) => path.includes('live'))).toEqual([]);
      expect((started.document.tags ?? []).map((tag) => tag.name)).not.toContain('live');
    });
  });

  describe('with a live table', () => {
    let started: Awaited<ReturnType<typeof start>>;
    beforeAll(async () => (started = await start(true)));
    afterAll(() => started.testApp.close());

    it('serves the stream, through the host guards', async () => {
      await request(started.server).get('/kb/live/?tables=live-items').expect(401);
      const unknownTable = await request(started.server).get('/kb/live/?tables=nope').set(USER).expect(404);
      expect(unknownTable.body).toMatchObject({ message: 'No live table "nope"' });
      const bad = await request(started.server).get('/kb/live/?colour=red').set(USER).expect(400);
      expect((bad.body as { message: string[] }).message).toContain('"colour" is not a parameter of the stream');
    });

    it('documents the stream', () => {
      expect(Object.keys(started.document.paths).filter((path) => path.startsWith('/kb/'))).toContain('/kb/live');
    });
  });
});
