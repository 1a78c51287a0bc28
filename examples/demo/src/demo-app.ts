import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  DatabaseUnavailableInterceptor,
  databaseUnavailableException,
  isDatabaseUnavailableError,
} from '@widgetlib/nest';
import type { NextFunction, Request, Response } from 'express';
import compression from 'compression';
import hbs from 'hbs';
import { csrfProtection, csrfToken } from './auth/csrf.js';
import { DemoSessions } from './auth/demo-sessions.js';
import { AlbumMessagesFilter } from './catalogue/album-messages.filter.js';
import { SignInRequiredFilter } from './auth/sign-in-required.filter.js';
import { sessionUser, type DemoRequest } from './auth/session-user.middleware.js';
import { securityHeaders } from './pages/security-headers.middleware.js';
import { AssetVersions, serveStaticAssets, type AssetFolder } from './pages/static-assets.middleware.js';
import { demoText, type DemoTextKey } from './pages/demo-texts.js';
import { isDemoLanguage } from './pages/page.renderer.js';

const demoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/**
 * The packages (and their folder) of the search extensions' scripts and stylesheets: Buttons for
 * SearchBuilder's and SearchPanes' buttons, Select for SearchPanes' lists.
 */
const SEARCH_EXTENSION_FILES: ReadonlyArray<readonly [string, string]> = [
  ['datatables.net-buttons', 'js'],
  ['datatables.net-buttons-dt', 'css'],
  ['datatables.net-searchbuilder', 'js'],
  ['datatables.net-searchbuilder-dt', 'css'],
  ['datatables.net-searchpanes', 'js'],
  ['datatables.net-searchpanes-dt', 'css'],
  ['datatables.net-select', 'js'],
  ['datatables.net-select-dt', 'css'],
  ['datatables.net-columncontrol', 'js'],
  ['datatables.net-columncontrol-dt', 'css'],
  ['datatables.net-datetime', 'dist'],
  ['datatables.net-rowgroup', 'js'],
  ['datatables.net-rowgroup-dt', 'css'],
];

/** Where an installed package's files are, for serving its browser assets. */
function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** The demo's own files, the client's build and the browser packages the pages load. */
function assetFolders(): AssetFolder[] {
  return [
    { prefix: '/assets/', directory: join(demoRoot, 'public') },
    { prefix: '/assets/widgetlib/', directory: join(packageDir('@widgetlib/client'), 'dist') },
    { prefix: '/assets/datatables/', directory: join(packageDir('datatables.net'), 'js') },
    { prefix: '/assets/datatables/', directory: join(packageDir('datatables.net-dt'), 'css') },
    { prefix: '/assets/datatables/', directory: join(packageDir('datatables.net-responsive'), 'js') },
    { prefix: '/assets/datatables/', directory: join(packageDir('datatables.net-responsive-dt'), 'css') },
    // The albums page's search extensions, beside DataTables' own files; DateTime (for SearchBuilder's
    // date conditions) is its 1.6 line.
    ...SEARCH_EXTENSION_FILES.map(([name, folder]) => ({
      prefix: '/assets/datatables/',
      directory: join(packageDir(name), folder),
    })),
    // DataTables 2.3 needs jQuery on every page; jQuery exports no package.json: its main file is in dist/.
    { prefix: '/assets/jquery/', directory: dirname(require.resolve('jquery')) },
    { prefix: '/assets/tom-select/', directory: join(packageDir('tom-select'), 'dist') },
    { prefix: '/assets/fontawesome/', directory: packageDir('@fortawesome/fontawesome-free') },
  ];
}

/**
 * The session store is read before any route: while its database cannot be reached, a request
 * answers 503 like the routes do, not Express's 500 page.
 */
function databaseUnavailableAnswer(error: unknown, _request: Request, response: Response, next: NextFunction): void {
  if (!isDatabaseUnavailableError(error) || response.headersSent) return next(error);
  const unavailable = databaseUnavailableException();
  response.status(unavailable.getStatus()).json(unavailable.getResponse());
}

/** Views, static assets, sessions, CSRF protection and the signed-in user: everything but the modules. */
export function createDemoApp(app: NestExpressApplication): NestExpressApplication {
  // First, so that every answer carries them: pages, API, static files, errors.
  app.use(securityHeaders());
  // The app is created with `bodyParser: false` so that bodies are parsed before the CSRF check reads them.
  app.useBodyParser('json', { limit: '1mb' });
  app.useBodyParser('urlencoded', { extended: false });
  app.setBaseViewsDir(join(demoRoot, 'views'));
  app.setViewEngine('hbs');
  hbs.registerPartials(join(demoRoot, 'views/partials'));

  // Pages, API answers and assets go out compressed (Brotli or gzip, as the browser accepts).
  app.use(compression());
  const folders = assetFolders();
  const versions = new AssetVersions(folders);
  // Pages name their assets by versioned URL: `{{asset '/assets/demo.css'}}`.
  hbs.registerHelper('asset', (path: string) => new hbs.handlebars.SafeString(versions.url(path)));
  // The demo's words in the page's language: `{{t 'form.title'}}`, `{{t 'form.editTitle' title=album.title}}`.
  hbs.registerHelper('t', (key: DemoTextKey, options: { data?: unknown; hash?: unknown }) => {
    const lang: unknown = (options.data as { root?: { lang?: unknown } } | undefined)?.root?.lang;
    return demoText(isDemoLanguage(lang) ? lang : 'en', key, options.hash as Record<string, string>);
  });
  serveStaticAssets(app, versions, folders);

  // Static assets are answered above, without a session.
  app.use(app.get(DemoSessions).middleware(process.env.SESSION_SECRET ?? randomBytes(32).toString('hex')));
  app.use(sessionUser);
  app.use(csrfProtection);
  app.use((request: DemoRequest, response: Response, next: NextFunction) => {
    // A signed-in user's pages carry the token (the help panel's writes, the sign-out form); pages
    // that show a form to someone not signed in ask for it themselves.
    if (request.user) response.locals.csrfToken = csrfToken(request);
    response.locals.user = request.user;
    next();
  });
  app.use(databaseUnavailableAnswer);
  app.useGlobalFilters(new SignInRequiredFilter(), new AlbumMessagesFilter());
  app.useGlobalInterceptors(new DatabaseUnavailableInterceptor());
  return app;
}
