import { Controller, Get } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataTable, RequirePermissions, type DataTableOptions } from '@widgetlib/nest';
import type { Repository } from 'typeorm';
import { Album } from './album.entity.js';
import { ALBUM_TABLE, AlbumsController } from './albums.controller.js';

const { id: _id, live: _live, ...ungroupedTable } = ALBUM_TABLE;

/**
 * The albums table grouped by format (the albums page with "Group by format", DataTables' RowGroup):
 * ordered by format first, with each format's albums and tracks over every matching album. What the
 * user may do on its rows is what the albums resource's routes allow: without `permissions` the
 * page would show every control to every user.
 */
const ALBUMS_BY_FORMAT: DataTableOptions<Album> = {
  ...ungroupedTable,
  rowGroup: 'format',
  permissions: {
    create: [AlbumsController, 'create'],
    update: [AlbumsController, 'update'],
    delete: [AlbumsController, 'remove'],
    history: [AlbumsController, 'revisions'],
    bulk: { markExplicit: [AlbumsController, 'markExplicit'] },
  },
};

@Controller('api/albums-by-format')
@RequirePermissions('catalogue.view')
export class AlbumsByFormatController {
  constructor(@InjectRepository(Album) private readonly albums: Repository<Album>) {}

  @Get()
  @DataTable(ALBUMS_BY_FORMAT)
  list() {
    return this.albums
      .createQueryBuilder('album')
      .leftJoinAndSelect('album.artist', 'artist')
      .leftJoinAndSelect('album.genres', 'genre');
  }
}
