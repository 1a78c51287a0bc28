import type { Request } from 'express';
import { pageLanguage } from './pages/page.renderer.js';
import { Module, type DynamicModule } from '@nestjs/common';
import { CacheModule } from '@nestjs/cache-manager';
import { TypeOrmModule } from '@nestjs/typeorm';
import { createKeyv } from '@keyv/redis';
import { Help, WIDGETLIB_MIGRATIONS, WidgetLibModule } from '@widgetlib/nest';
import type { DataSourceOptions } from 'typeorm';
import { AuthController } from './auth/auth.controller.js';
import { DEMO_SESSION_OPTIONS, DemoSessions, type DemoSessionOptions } from './auth/demo-sessions.js';
import { AlbumPagesController } from './catalogue/album-pages.controller.js';
import { AlbumsController } from './catalogue/albums.controller.js';
import { AlbumsByFormatController } from './catalogue/albums-by-format.controller.js';
import { CatalogueOptionsController } from './catalogue/catalogue-options.controller.js';
import { Album } from './catalogue/album.entity.js';
import { Artist } from './catalogue/artist.entity.js';
import { Genre } from './catalogue/genre.entity.js';
import { CreateCatalogue1732300000000 } from './database/1732300000000-create-catalogue.js';
import { AlbumVersion1732600000000 } from './database/1732600000000-album-version.js';
import { CreateSessions1732400000000 } from './database/1732400000000-create-sessions.js';
import { AlbumTrash1732500000000 } from './database/1732500000000-album-trash.js';
import { AccentSearch1732100000000 } from './database/1732100000000-accent-search.js';
import { DEMO_SEED_OPTIONS, SeedService, type DemoSeedOptions } from './database/seed.service.js';
import { HelpAdminPageController } from './help-admin/help-admin-page.controller.js';
import { HelpEntriesController } from './help-admin/help-entries.controller.js';
import { HomeController } from './pages/home.controller.js';
import { PageRenderer } from './pages/page.renderer.js';

export interface DemoAppOptions extends DemoSeedOptions {
  /** Where the demo keeps its data: the embedded SQLite file, or a server from `DATABASE_URL`. */
  database: DataSourceOptions;
  /** Session lifetimes (the sessions are kept in the same database). */
  sessions?: DemoSessionOptions;
  /**
   * A Redis server (`redis://...`) for the cached list counts, shared by every instance of the demo;
   * without it each instance keeps its counts in memory.
   */
  redisUrl?: string;
}

@Module({})
export class AppModule {
  static register(options: DemoAppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        TypeOrmModule.forRoot({
          ...options.database,
          autoLoadEntities: true,
          migrations: [
            ...WIDGETLIB_MIGRATIONS,
            CreateCatalogue1732300000000,
            CreateSessions1732400000000,
            AlbumTrash1732500000000,
            AccentSearch1732100000000,
            AlbumVersion1732600000000,
          ],
          migrationsRun: true,
        }),
        TypeOrmModule.forFeature([Album, Artist, Genre, Help]),
        WidgetLibModule.forRoot({
          routePrefix: 'api',
          helpUsage: true,
          // The reader's language is the one the demo's switch picked (`?lang=`, then the session's):
          // the help panel's entries and label, and the server's messages, follow the pages.
          getLanguage: (request) => [pageLanguage(request as Request, false)],
          // Instances behind one load balancer share it, or each refuses the others' keyset cursors.
          ...(process.env.CURSOR_SECRET ? { dataTables: { cursorSecret: process.env.CURSOR_SECRET } } : {}),
          // Live tables' notices reach every instance through the Redis of the counts, when there is one.
          ...(options.redisUrl ? { live: { redisUrl: options.redisUrl, channel: 'widgetlib-demo:live' } } : {}),
        }),
        ...(options.redisUrl
          ? [
              CacheModule.register({
                isGlobal: true,
                stores: [createKeyv(options.redisUrl, { namespace: 'widgetlib-demo' })],
              }),
            ]
          : []),
      ],
      controllers: [
        HomeController,
        AuthController,
        AlbumPagesController,
        AlbumsController,
        AlbumsByFormatController,
        CatalogueOptionsController,
        HelpAdminPageController,
        HelpEntriesController,
      ],
      providers: [
        SeedService,
        PageRenderer,
        DemoSessions,
        { provide: DEMO_SEED_OPTIONS, useValue: { albumCount: options.albumCount } },
        { provide: DEMO_SESSION_OPTIONS, useValue: options.sessions ?? {} },
      ],
    };
  }
}
