import { Module } from '@nestjs/common';
import { TypeOrmModule, type TypeOrmModuleOptions } from '@nestjs/typeorm';
import { WIDGETLIB_ENTITIES, WIDGETLIB_MIGRATIONS, WidgetLibModule } from '@widgetlib/nest';
import { Album, Artist, Book } from './catalogue.js';
import {
  AlbumsController,
  BooksController,
  ClientQueryController,
  OpenApiController,
  PagesController,
} from './controllers.js';

function database(): TypeOrmModuleOptions {
  const common = {
    entities: [...WIDGETLIB_ENTITIES, Artist, Album, Book],
    migrations: WIDGETLIB_MIGRATIONS,
    migrationsRun: true,
  };
  const url = process.env.DATABASE_URL;
  return url ? { type: 'postgres', url, ...common } : { type: 'better-sqlite3', database: ':memory:', ...common };
}

/** The user's permissions come in a header (comma-separated); no header is "not authenticated". */
function getPermissions(request: unknown): string[] | null {
  const header = (request as { headers: Record<string, string | string[] | undefined> }).headers[
    'x-compat-permissions'
  ];
  return typeof header === 'string' ? header.split(',').filter(Boolean) : null;
}

@Module({
  imports: [
    TypeOrmModule.forRoot(database()),
    TypeOrmModule.forFeature([Artist, Album, Book]),
    WidgetLibModule.forRoot({ getPermissions }),
  ],
  controllers: [AlbumsController, BooksController, PagesController, ClientQueryController, OpenApiController],
})
export class AppModule {}
