import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Get, Module, Render, Req, Res, type INestApplication, type ModuleMetadata } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import {
  setGlobalPrefix,
  UrlResolver,
  ViewName,
  WIDGETLIB_ENTITIES,
  WIDGETLIB_MIGRATIONS,
  WidgetLibModule,
  type WidgetLibLocals,
  type WidgetLibRequest,
} from '../src/index.js';
import { createTestDatabase, describeEachDatabase, type DatabaseKind } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, TEST_USER_HEADER, type TestApp } from '@widgetlib/test-support/test-app.js';

interface ViewContext {
  viewId: string | undefined;
  locals: WidgetLibLocals | undefined;
}

function viewContext(req: WidgetLibRequest, res: Response): ViewContext {
  return { viewId: req.viewId, locals: res.locals.widgetlib as WidgetLibLocals | undefined };
}

@Controller('albums')
class AlbumsController {
  @Get(':id')
  showAlbum(@Req() req: WidgetLibRequest, @Res({ passthrough: true }) res: Response): ViewContext {
    return viewContext(req, res);
  }
}

@ViewName('catalogue')
@Controller('artists')
class ArtistsController {
  @Get()
  @ViewName('directory:artist-list')
  list(@Req() req: WidgetLibRequest, @Res({ passthrough: true }) res: Response): ViewContext {
    return viewContext(req, res);
  }

  @Get(':artistId/albums/:id')
  albumDetail(@Req() req: WidgetLibRequest, @Res({ passthrough: true }) res: Response): ViewContext {
    return viewContext(req, res);
  }

  @Get(':id/edit')
  @ViewName('edit')
  editForm(@Req() req: WidgetLibRequest, @Res({ passthrough: true }) res: Response): ViewContext {
    return viewContext(req, res);
  }
}

@Controller('pages')
class PagesController {
  @Get('about')
  @Render('page')
  aboutPage(): { title: string } {
    return { title: 'About' };
  }
}

@ViewName('reports')
@Controller('yearly')
class ReportsController {
  @Get(':year')
  byYear(@Req() req: WidgetLibRequest, @Res({ passthrough: true }) res: Response): ViewContext {
    return viewContext(req, res);
  }
}

/** A host feature module mounted under `/admin` by a RouterModule. */
@Module({ controllers: [ReportsController] })
class AdminModule {}

const ADMIN_ROUTES = [AdminModule, RouterModule.register([{ path: 'admin', module: AdminModule }])];
const VIEWER = asUser({ permissions: ['widgetlib.view_help'] });

/** A page engine that shows the template's name and the locals it was given, as JSON. */
function jsonEngine(path: string, options: object, callback: (error: Error | null, html?: string) => void): void {
  const { widgetlib, title } = options as { widgetlib?: unknown; title?: unknown };
  callback(null, JSON.stringify({ template: path.split('/').pop(), title, widgetlib }));
}

function readUserHeader(req: Request, _res: Response, next: NextFunction): void {
  const header = req.header(TEST_USER_HEADER);
  if (header) (req as Request & { user?: unknown }).user = JSON.parse(header);
  next();
}

/**
 * Boots a host app on its own database, letting the test configure the app before `init()`
 * (which `createTestApp` has already called); the database is dropped if the start fails.
 */
async function bootApp(
  kind: DatabaseKind,
  metadata: ModuleMetadata,
  widgetlib: { routePrefix?: string },
  configure: (app: INestApplication) => void = () => {},
): Promise<{ app: INestApplication; close(): Promise<void> }> {
  const database = await createTestDatabase(kind);
  @Module({
    ...metadata,
    imports: [
      TypeOrmModule.forRoot({
        ...database.options,
        entities: WIDGETLIB_ENTITIES,
        migrations: WIDGETLIB_MIGRATIONS,
        migrationsRun: true,
      }),
      WidgetLibModule.forRoot(widgetlib),
      ...(metadata.imports ?? []),
    ],
  })
  class HostModule {}
  let app: INestApplication | undefined;
  try {
    const moduleRef = await Test.createTestingModule({ imports: [HostModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.use(readUserHeader);
    configure(app);
    await app.init();
  } catch (error) {
    await app?.close();
    await database.drop();
    throw error;
  }
  const started = app;
  return {
    app: started,
    async close() {
      await started.close();
      await database.drop();
    },
  };
}

describeEachDatabase('view ids and route names', (kind) => {
  let testApp: TestApp;
  let server: App;
  let urls: UrlResolver;
  let viewsDir: string;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      controllers: [AlbumsController, ArtistsController, PagesController],
      imports: ADMIN_ROUTES,
      widgetlib: { dateFormat: 'dd.MM.yyyy', datetimeFormat: 'dd.MM.yyyy HH:mm' },
    });
    server = testApp.app.getHttpServer() as App;
    urls = testApp.app.get(UrlResolver);
    viewsDir = await mkdtemp(join(tmpdir(), 'widgetlib-views-'));
    await writeFile(join(viewsDir, 'page.json'), '');
    const app = testApp.app as NestExpressApplication;
    app.engine('json', jsonEngine);
    app.setBaseViewsDir(viewsDir);
    app.setViewEngine('json');
  });

  afterAll(async () => {
    await testApp.close();
    await rm(viewsDir, { recursive: true, force: true });
  });

  describe('over HTTP', () => {
    const locals = (viewId: string): WidgetLibLocals => ({
      viewId,
      dateFormat: 'dd.MM.yyyy',
      datetimeFormat: 'dd.MM.yyyy HH:mm',
      helpUrl: '/help/',
    });

    it.each([
      ['without a decorator', '/albums/3', 'albums:show-album'],
      ['with a full name on the handler', '/artists', 'directory:artist-list'],
      ['in a named controller', '/artists/7/albums/3', 'catalogue:album-detail'],
      ['with a url_name in a named controller', '/artists/7/edit', 'catalogue:edit'],
      ['in a module mounted by RouterModule', '/admin/yearly/2024', 'reports:by-year'],
    ])('sets request.viewId and res.locals.widgetlib %s', async (_, path, viewId) => {
      const response = await request(server).get(path).expect(200);
      expect(response.body).toEqual({ viewId, locals: locals(viewId) });
    });

    it('gives @Render templates the locals', async () => {
      const response = await request(server).get('/pages/about').expect(200);
      expect(JSON.parse(response.text)).toEqual({
        template: 'page.json',
        title: 'About',
        widgetlib: locals('pages:about-page'),
      });
    });

    it('leaves the help API working for its users', async () => {
      await request(server).get('/help/').set(VIEWER).expect(200, []);
    });
  });

  describe('reverse()', () => {
    it('reverses the library routes', () => {
      expect(urls.reverse('help-list')).toBe('/help/');
      expect(urls.reverse('help-detail', { id: 42 })).toBe('/help/42/');
    });

    it('reverses host routes named by @ViewName, on the handler or the controller', () => {
      expect(urls.reverse('directory:artist-list')).toBe('/artists');
      expect(urls.reverse('catalogue:album-detail', { artistId: 'Sigur Rós/1', id: 3 })).toBe(
        '/artists/Sigur%20R%C3%B3s%2F1/albums/3',
      );
      expect(urls.reverse('catalogue:edit', { id: '?x=1&y' })).toBe('/artists/%3Fx%3D1%26y/edit');
      expect(urls.reverse('reports:by-year', { year: 2024 })).toBe('/admin/yearly/2024');
    });

    it('gives paths the app really serves', async () => {
      const path = urls.reverse('catalogue:album-detail', { artistId: 'a b', id: 'ü/2' });
      const response = await request(server).get(path).expect(200);
      expect(response.body.viewId).toBe('catalogue:album-detail');
      await request(server)
        .get(urls.reverse('help-detail', { id: 1 }))
        .set(VIEWER)
        .expect(404);
    });

    it('refuses unknown names, including routes without @ViewName', () => {
      expect(() => urls.reverse('nope')).toThrow('reverse(): no route is named "nope"');
      expect(() => urls.reverse('albums:show-album')).toThrow('no route is named "albums:show-album"');
      expect(urls.has('albums:show-album')).toBe(false);
      expect(urls.has('catalogue:edit')).toBe(true);
    });

    it('refuses missing and unknown parameters, naming them', () => {
      expect(() => urls.reverse('help-detail')).toThrow(
        'reverse("help-detail"): route path "/help/:id/" needs the parameter "id"',
      );
      expect(() => urls.reverse('catalogue:album-detail', { artistId: 1 })).toThrow('needs the parameter "id"');
      expect(() => urls.reverse('help-list', { page: 2 })).toThrow(
        'reverse("help-list"): route path "/help/" has no parameter page',
      );
    });
  });
});

describeEachDatabase('route names with prefixes', (kind) => {
  it('follow the routePrefix option, the global prefix and RouterModule paths', async () => {
    const { app, close } = await bootApp(
      kind,
      { controllers: [ArtistsController], imports: ADMIN_ROUTES },
      { routePrefix: '/widgetlib/' },
      (unstarted) => setGlobalPrefix(unstarted, 'api'),
    );
    try {
      const urls = app.get(UrlResolver);
      const server = app.getHttpServer() as App;
      expect(urls.reverse('help-list')).toBe('/api/widgetlib/help/');
      expect(urls.reverse('help-detail', { id: 5 })).toBe('/api/widgetlib/help/5/');
      expect(urls.reverse('catalogue:edit', { id: 9 })).toBe('/api/artists/9/edit');
      expect(urls.reverse('reports:by-year', { year: 1999 })).toBe('/api/admin/yearly/1999');

      await request(server).get(urls.reverse('help-list')).set(VIEWER).expect(200, []);
      const response = await request(server)
        .get(urls.reverse('reports:by-year', { year: 1999 }))
        .expect(200);
      expect(response.body).toEqual({
        viewId: 'reports:by-year',
        locals: {
          viewId: 'reports:by-year',
          dateFormat: 'yyyy-MM-dd',
          datetimeFormat: 'yyyy-MM-dd HH:mm',
          helpUrl: '/api/widgetlib/help/',
        },
      });
    } finally {
      await close();
    }
  });

  it('stop the start when one name leads to two paths', async () => {
    @Controller('first')
    class FirstController {
      @Get()
      @ViewName('shared:name')
      index(): string {
        return 'first';
      }
    }
    @Controller('second')
    class SecondController {
      @Get()
      @ViewName('shared:name')
      index(): string {
        return 'second';
      }
    }
    await expect(bootApp(kind, { controllers: [FirstController, SecondController] }, {})).rejects.toThrow(
      'Route name "shared:name" is used by FirstController.index (/first) and by SecondController.index (/second)',
    );
  });
});
