import { Module, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DataSource, type DataSourceOptions, type Logger as TypeOrmLogger } from 'typeorm';
import { WIDGETLIB_ENTITIES, WIDGETLIB_MIGRATIONS, WidgetLibModule } from '@widgetlib/nest';
import type { WidgetLibModuleExtras, WidgetLibModuleOptions } from '@widgetlib/nest';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './test-databases.js';

/** The header through which tests say who the request's user is (JSON), as a host's auth would. */
export const TEST_USER_HEADER = 'x-test-user';

export interface TestUser {
  permissions?: string[];
  groups?: { permissions: string[] }[];
  isSuperuser?: boolean;
  name?: string;
}

export function asUser(user: TestUser): Record<string, string> {
  return { [TEST_USER_HEADER]: JSON.stringify(user) };
}

/**
 * Middleware, as a host's authentication: on Express it sees Express's request, on Fastify the raw
 * Node.js request (so the user lands on `request.raw.user` there).
 */
function testAuthentication(request: IncomingMessage, _response: ServerResponse, next: () => void): void {
  const header = request.headers[TEST_USER_HEADER];
  if (typeof header === 'string')
    (request as IncomingMessage & { user?: TestUser }).user = JSON.parse(header) as TestUser;
  next();
}

export type HttpPlatform = 'express' | 'fastify';

export interface TestAppOptions {
  widgetlib?: WidgetLibModuleOptions & WidgetLibModuleExtras;
  entities?: Type[];
  imports?: Array<Type | DynamicModule>;
  controllers?: Type[];
  providers?: Type[];
  /** The test imports its own `WidgetLibModule` (e.g. `forRootAsync`) instead of `forRoot(widgetlib)`. */
  withoutWidgetLibModule?: boolean;
  /** Runs on the application before `init()` (a global prefix, say). */
  beforeInit?: (app: INestApplication) => void;
  /** Receives every statement TypeORM runs (to count the statements of a request). */
  typeormLogger?: TypeOrmLogger;
  /** The HTTP platform (default Express). */
  platform?: HttpPlatform;
  /** Changes the connection options of the test's database (a proxy's URL, pool timeouts). */
  connection?: (options: DataSourceOptions) => DataSourceOptions | Promise<DataSourceOptions>;
  /** Keeps each request's body as sent in `rawBody` (Nest's application option). */
  rawBody?: boolean;
  /** Options of the Fastify adapter, on Fastify. */
  fastifyOptions?: ConstructorParameters<typeof FastifyAdapter>[0];
}

export interface TestApp {
  app: INestApplication;
  dataSource: DataSource;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * A host application on a fresh database of `kind`: TypeORM with the library's migrations run,
 * `WidgetLibModule.forRoot()`, and whatever the test adds. Tables of extra entities are synchronised.
 */
export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  let connection: DataSourceOptions;
  try {
    connection = options.connection ? await options.connection(database.options) : database.options;
  } catch (error) {
    await database.drop();
    throw error;
  }
  @Module({
    imports: [
      TypeOrmModule.forRoot({
        ...connection,
        entities: [...WIDGETLIB_ENTITIES, ...(options.entities ?? [])],
        migrations: WIDGETLIB_MIGRATIONS,
        migrationsRun: true,
        ...(options.typeormLogger ? { logger: options.typeormLogger } : {}),
      }),
      ...(options.withoutWidgetLibModule ? [] : [WidgetLibModule.forRoot(options.widgetlib ?? {})]),
      ...(options.imports ?? []),
    ],
    controllers: options.controllers ?? [],
    providers: options.providers ?? [],
  })
  class TestHostModule {}

  let moduleRef;
  try {
    moduleRef = await Test.createTestingModule({ imports: [TestHostModule] }).compile();
  } catch (error) {
    await database.drop();
    throw error;
  }
  const app =
    options.platform === 'fastify'
      ? moduleRef.createNestApplication(new FastifyAdapter(options.fastifyOptions), {
          logger: ['fatal'],
          rawBody: options.rawBody ?? false,
        })
      : moduleRef.createNestApplication({ logger: ['fatal'], rawBody: options.rawBody ?? false });
  app.use(testAuthentication);
  options.beforeInit?.(app);
  try {
    await app.init();
  } catch (error) {
    // A host that refuses to start (a check in onModuleInit) still has its connections open.
    await moduleRef.close();
    await database.drop();
    throw error;
  }
  if (options.platform === 'fastify')
    await (app.getHttpAdapter().getInstance() as { ready(): Promise<unknown> }).ready();
  const dataSource = app.get(DataSource);
  if (options.entities?.length) await dataSource.synchronize();
  return {
    app,
    dataSource,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
