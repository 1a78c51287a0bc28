import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '@widgetlib/test-support/test-databases.js';
import { AppModule, type DemoAppOptions } from '../../src/app.module.js';
import { createDemoApp } from '../../src/demo-app.js';

/** The demo app listening on a free port, on a database of its own. */
export interface DemoServer {
  app: NestExpressApplication;
  baseUrl: string;
  database: TestDatabase;
  client(): DemoClient;
  close(): Promise<void>;
}

/**
 * Starts the demo on a new database of `kind`, or on the database of `sharing` (a second instance
 * of the same deployment; the first one drops it). SQLite is a file, not `:memory:`, so that the
 * session store's own connection sees the same database as the app's.
 */
export async function startDemo(
  kind: DatabaseKind,
  options: Omit<DemoAppOptions, 'database'> = {},
  sharing?: DemoServer,
): Promise<DemoServer> {
  const directory = kind === 'sqlite' && !sharing ? mkdtempSync(join(tmpdir(), 'widgetlib-demo-')) : null;
  const database: TestDatabase = sharing
    ? { ...sharing.database, drop: async () => {} }
    : directory
      ? { kind, options: { type: 'better-sqlite3', database: join(directory, 'demo.sqlite') }, drop: async () => {} }
      : await createTestDatabase(kind);
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.register({ albumCount: 20, ...options, database: database.options })],
  }).compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false, logger: ['fatal'] });
  createDemoApp(app);
  await app.listen(0, '127.0.0.1');
  const baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    app,
    baseUrl,
    database,
    client: () => new DemoClient(baseUrl),
    close: async () => {
      await app.close();
      await database.drop();
      if (directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A user agent with a cookie jar (by name: the demo's few cookies, sent on every path), which never
 * follows redirects.
 */
export class DemoClient {
  private readonly cookies = new Map<string, string>();
  /** Every `Set-Cookie` the demo answered this client with. */
  readonly setCookies: string[] = [];

  constructor(private readonly baseUrl: string) {}

  async request(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: { ...init.headers, ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}) },
      body: init.body,
    });
    for (const header of response.headers.getSetCookie()) {
      this.setCookies.push(header);
      const [pair] = header.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      const expires = /Expires=([^;]+)/i.exec(header)?.[1];
      if (value === '' || (expires !== undefined && Date.parse(expires) <= Date.now())) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The `Cookie` header this client sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Forgets (`value` undefined) or sets a cookie, as another site or a tampering user could. */
  setCookie(name: string, value: string | undefined): void {
    if (value === undefined) this.cookies.delete(name);
    else this.cookies.set(name, value);
  }

  get(path: string, headers: Record<string, string> = {}) {
    return this.request('GET', path, { headers });
  }

  /** A form post, as a browser sends it. */
  postForm(path: string, fields: Record<string, string>) {
    return this.request('POST', path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  json(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    return this.request(method, path, {
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  /** The CSRF token of a page this client is shown. */
  async formToken(path: string): Promise<string> {
    const html = await (await this.get(path, { accept: 'text/html' })).text();
    const token = /name="_csrf" value="([0-9a-f]+)"/.exec(html)?.[1];
    if (!token) throw new Error(`${path} shows no form with a CSRF token`);
    return token;
  }

  /** Signs in through the sign-in form; answers the token of the signed-in session. */
  async signIn(username: string): Promise<string> {
    const response = await this.postForm('/sign-in', {
      _csrf: await this.formToken('/sign-in'),
      username,
      password: username,
      next: '/albums',
    });
    if (response.status !== 303) throw new Error(`signing in as ${username} answered ${response.status}`);
    return this.formToken('/albums/new');
  }
}
