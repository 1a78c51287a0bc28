import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WIDGETLIB_MIGRATIONS, WidgetLibModule } from '@widgetlib/nest';
import { AuthController } from './auth/auth.controller.js';
import { AlbumPagesController } from './catalogue/album-pages.controller.js';
import { ArtistsController } from './catalogue/artists.controller.js';
import { Album } from './catalogue/album.entity.js';
import { Artist } from './catalogue/artist.entity.js';
import { Genre } from './catalogue/genre.entity.js';
import { CreateCatalogue1732300000000 } from './database/1732300000000-create-catalogue.js';
import { demoDatabaseOptions } from './database/data-source.options.js';
import { SeedService } from './database/seed.service.js';
import { PageRenderer } from './pages/page.renderer.js';

@Module({
  imports: [
    TypeOrmModule.forRoot({
      ...demoDatabaseOptions(),
      autoLoadEntities: true,
      migrations: [...WIDGETLIB_MIGRATIONS, CreateCatalogue1732300000000],
      migrationsRun: true,
    }),
    TypeOrmModule.forFeature([Album, Artist, Genre]),
    WidgetLibModule.forRoot({ routePrefix: 'api' }),
  ],
  controllers: [AuthController, AlbumPagesController, ArtistsController],
  providers: [SeedService, PageRenderer],
})
export class AppModule {}
