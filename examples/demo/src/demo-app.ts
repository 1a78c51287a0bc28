import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { csrfSync } from 'csrf-sync';
import type { NextFunction, Response } from 'express';
import session from 'express-session';
import hbs from 'hbs';
import { SignInRequiredFilter } from './auth/sign-in-required.filter.js';
import { sessionUser, type DemoRequest } from './auth/session-user.middleware.js';

const demoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Where an installed package's files are, for serving its browser assets. */
function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

const { csrfSynchronisedProtection, generateToken } = csrfSync({
  getTokenFromRequest: (request) =>
    (request.headers['x-csrf-token'] as string | undefined) ?? (request.body as { _csrf?: string } | undefined)?._csrf,
});

/** Views, static assets, sessions, CSRF protection and the signed-in user: everything but the modules. */
export function createDemoApp(app: NestExpressApplication): NestExpressApplication {
  // The app is created with `bodyParser: false` so that bodies are parsed before the CSRF check reads them.
  app.useBodyParser('json', { limit: '1mb' });
  app.useBodyParser('urlencoded', { extended: false });
  app.setBaseViewsDir(join(demoRoot, 'views'));
  app.setViewEngine('hbs');
  hbs.registerPartials(join(demoRoot, 'views/partials'));

  app.useStaticAssets(join(demoRoot, 'public'), { prefix: '/assets/' });
  app.useStaticAssets(join(packageDir('@widgetlib/client'), 'dist'), { prefix: '/assets/widgetlib/' });
  app.useStaticAssets(join(packageDir('datatables.net'), 'js'), { prefix: '/assets/datatables/' });
  app.useStaticAssets(join(packageDir('datatables.net-dt'), 'css'), { prefix: '/assets/datatables/' });
  app.useStaticAssets(join(packageDir('tom-select'), 'dist'), { prefix: '/assets/tom-select/' });
  app.useStaticAssets(packageDir('@fortawesome/fontawesome-free'), { prefix: '/assets/fontawesome/' });

  app.use(
    session({
      name: 'widgetlib-demo',
      secret: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
      resave: false,
      saveUninitialized: false,
      cookie: { httpOnly: true, sameSite: 'lax' },
    }),
  );
  app.use(sessionUser);
  // Every POST, PUT, PATCH and DELETE needs the session's token, from a form field or the X-CSRF-Token header.
  app.use(csrfSynchronisedProtection);
  app.use((request: DemoRequest, response: Response, next: NextFunction) => {
    response.locals.csrfToken = generateToken(request);
    response.locals.user = request.user;
    next();
  });
  app.useGlobalFilters(new SignInRequiredFilter());
  return app;
}
