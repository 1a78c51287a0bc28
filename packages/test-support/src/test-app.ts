import { Module, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { NextFunction, Request, Response } from 'express';
import { DataSource, type Logger as TypeOrmLogger } from 'typeorm';
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

function testAuthentication(request: Request, _response: Response, next: NextFunction): void {
  const header = request.header(TEST_USER_HEADER);
  if (header) (request as Request & { user?: TestUser }).user = JSON.parse(header) as TestUser;
  next();
}

export interface TestAppOptions {
  widgetlib?: WidgetLibModuleOptions & WidgetLibModuleExtras;
  entities?: Type[];
  imports?: Array<Type | DynamicModule>;
  controllers?: Type[];
  providers?: Type[];
  /** The test imports its own `WidgetLibModule` (e.g. `forRootAsync`) instead of `forRoot(widgetlib)`. */
  withoutWidgetLibModule?: boolean;
  /** Receives every statement TypeORM runs (to count the statements of a request). */
  typeormLogger?: TypeOrmLogger;
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
  @Module({
    imports: [
      TypeOrmModule.forRoot({
        ...database.options,
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
  const app = moduleRef.createNestApplication({ logger: ['fatal'] });
  app.use(testAuthentication);
  try {
    await app.init();
  } catch (error) {
    // A host that refuses to start (a check in onModuleInit) still has its connections open.
    await moduleRef.close();
    await database.drop();
    throw error;
  }
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
