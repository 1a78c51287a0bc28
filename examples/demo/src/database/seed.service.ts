import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { HelpService, MenuService, SavedViewTables, SavedViewsService } from '@widgetlib/nest';
import { SHARED_ALBUM_VIEW } from '../catalogue/album-views.seed.js';
import { ALBUM_FORM_HELP } from '../catalogue/album-help.seed.js';
import type { DataSource, EntityManager } from 'typeorm';
import { Album } from '../catalogue/album.entity.js';
import { Artist } from '../catalogue/artist.entity.js';
import { Genre } from '../catalogue/genre.entity.js';
import { generateCatalogue } from './catalogue-seed.js';

const CHUNK = 500;

export const DEMO_SEED_OPTIONS = Symbol('DEMO_SEED_OPTIONS');

export interface DemoSeedOptions {
  /** Albums seeded into an empty database (default 10 000). */
  albumCount?: number;
}

async function insertInChunks<T>(manager: EntityManager, target: new () => T, rows: object[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const result = await manager.insert(target, rows.slice(start, start + CHUNK));
    ids.push(...result.identifiers.map((identifier) => identifier.id as number));
  }
  return ids;
}

/** Registers the help panel in the sidebar footer; fills an empty demo database with help and albums. */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SeedService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly menu: MenuService,
    private readonly help: HelpService,
    private readonly savedViews: SavedViewsService,
    private readonly savedViewTables: SavedViewTables,
    @Inject(DEMO_SEED_OPTIONS) private readonly options: DemoSeedOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.menu.registerHelpPanel();
    if ((await this.help.list()).length === 0) {
      for (const entry of ALBUM_FORM_HELP) await this.help.create(entry);
    }
    await this.seedSharedView();
    if ((await this.dataSource.getRepository(Album).count()) > 0) return;
    const started = Date.now();
    const catalogue = generateCatalogue(this.options.albumCount ?? 10_000);
    await this.dataSource.transaction(async (manager) => {
      const artistIds = await insertInChunks(manager, Artist, catalogue.artists);
      const genreIds = await insertInChunks(
        manager,
        Genre,
        catalogue.genres.map((name) => ({ name })),
      );
      const albumIds = await insertInChunks(
        manager,
        Album,
        catalogue.albums.map(({ artistIndex, genreIndexes: _genres, ...album }) => ({
          ...album,
          artist: { id: artistIds[artistIndex]! },
        })),
      );
      const links = catalogue.albums.flatMap((album, index) =>
        album.genreIndexes.map((genreIndex) => ({ album_id: albumIds[index]!, genre_id: genreIds[genreIndex]! })),
      );
      for (let start = 0; start < links.length; start += CHUNK) {
        await manager
          .createQueryBuilder()
          .insert()
          .into('album_genre')
          .values(links.slice(start, start + CHUNK))
          .execute();
      }
    });
    this.logger.log(`Seeded ${catalogue.albums.length} albums in ${Date.now() - started} ms`);
  }

  /** The admin's view of the albums table that every reader of the table may open. */
  private async seedSharedView(): Promise<void> {
    const table = this.savedViewTables.get(SHARED_ALBUM_VIEW.table)!;
    const admin = { table, name: SHARED_ALBUM_VIEW.owner };
    if ((await this.savedViews.list(admin)).some((view) => view.mine)) return;
    await this.savedViews.create(admin, { name: SHARED_ALBUM_VIEW.name, state: SHARED_ALBUM_VIEW.state, shared: true });
  }
}
