import { Controller, Get } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataTable, RequirePermissions, type DataTableOptions } from '@widgetlib/nest';
import type { Repository } from 'typeorm';
import { Album } from './album.entity.js';
import { ALBUM_TABLE } from './albums.controller.js';

const { id: _id, live: _live, ...ungroupedTable } = ALBUM_TABLE;

/**
 * The albums table grouped by format (the albums page with "Group by format", DataTables' RowGroup):
 * ordered by format first, with each format's albums and tracks over every matching album.
 */
const ALBUMS_BY_FORMAT: DataTableOptions<Album> = { ...ungroupedTable, rowGroup: 'format' };

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
