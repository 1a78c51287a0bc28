import { Controller, Get, Module, Post, type DynamicModule, type Type } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { Country } from './country.entity.js';
import { InFlightInterceptor, requestsInFlight } from './in-flight.interceptor.js';
import { PAGINATE_DATA_SOURCE, PaginatePeopleController } from './paginate-people.controller.js';
import { PeopleSqlStore, PostgresPeopleStore, SqlitePeopleStore } from './people-sql.store.js';
import { Person } from './person.entity.js';
import { SqlPeopleController } from './sql-people.controller.js';
import { startRecording, statementCount, takeRecorded, type RecordedStatement } from './statement.counter.js';
import { Tag } from './tag.entity.js';

/** Connections per pool: widgetlib's, nestjs-paginate's and the hand-written SQL's alike. */
export const POOL_SIZE = 10;

export type BenchDatabase = { kind: 'postgres'; url: string } | { kind: 'sqlite'; file: string };

@Controller('__bench')
class BenchProbeController {
  @Get('statements')
  statements(): { statements: number } {
    return { statements: statementCount() };
  }

  @Post('recording')
  startRecording(): void {
    startRecording();
  }

  @Get('recording')
  recorded(): RecordedStatement[] {
    return takeRecorded();
  }

  /** CPU time the application's process has used, in microseconds (user and system together). */
  @Get('cpu')
  cpu(): { microseconds: number } {
    const { user, system } = process.cpuUsage();
    return { microseconds: user + system };
  }

  @Get('in-flight')
  inFlight(): { requests: number } {
    return { requests: requestsInFlight() };
  }
}

@Module({})
export class BenchAppModule {
  /** `library`: what the library under test adds to the host (widgetlib's module, entities, controller). */
  static forDatabase(
    database: BenchDatabase,
    library: { controllers: Type[]; imports: DynamicModule[]; entities: Type[] },
  ): DynamicModule {
    const entities = [Person, Country, Tag, ...library.entities];
    // Each library gets a pool of its own, as it would in its own application: what one leaves
    // behind in its database sessions is never charged to the other.
    const dataSource = (name: string | undefined) =>
      database.kind === 'postgres'
        ? TypeOrmModule.forRoot({ name, type: 'postgres', url: database.url, entities, extra: { max: POOL_SIZE } })
        : TypeOrmModule.forRoot({ name, type: 'better-sqlite3', database: database.file, entities });
    const store =
      database.kind === 'postgres'
        ? {
            provide: PeopleSqlStore,
            useFactory: () =>
              new PostgresPeopleStore(new pg.Pool(PostgresPeopleStore.poolOptions(database.url, POOL_SIZE, pg.types))),
          }
        : {
            provide: PeopleSqlStore,
            useFactory: () => new SqlitePeopleStore(new BetterSqlite3(database.file, { readonly: true })),
          };
    return {
      module: BenchAppModule,
      imports: [
        dataSource(undefined),
        dataSource(PAGINATE_DATA_SOURCE),
        TypeOrmModule.forFeature([Person]),
        TypeOrmModule.forFeature([Person], PAGINATE_DATA_SOURCE),
        ...library.imports,
      ],
      controllers: [BenchProbeController, SqlPeopleController, PaginatePeopleController, ...library.controllers],
      providers: [store, { provide: APP_INTERCEPTOR, useFactory: () => new InFlightInterceptor(BenchProbeController) }],
    };
  }
}
