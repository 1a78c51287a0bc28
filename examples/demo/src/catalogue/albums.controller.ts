import { Controller } from '@nestjs/common';
import { DataTableResource } from '@widgetlib/nest';
import { AlbumDto } from './album.dto.js';
import { Album } from './album.entity.js';
import { assignAlbum } from './album.writer.js';

/**
 * The albums resource: the table's list endpoint (`GET /api/albums/`) and the JSON record routes,
 * declared in one place.
 */
@Controller('api/albums')
export class AlbumsController extends DataTableResource({
  entity: Album,
  name: 'albums',
  createDto: AlbumDto,
  permissions: {
    list: 'catalogue.view',
    retrieve: 'catalogue.view',
    create: 'catalogue.manage',
    update: 'catalogue.manage',
    delete: 'catalogue.manage',
  },
  query: (albums) =>
    albums
      .createQueryBuilder('album')
      .leftJoinAndSelect('album.artist', 'artist')
      .leftJoinAndSelect('album.genres', 'genre'),
  dataTable: {
    // Counts are kept a minute: the album pages and this resource forget them on every write.
    count: 'cached',
    searchFields: ['title', 'catalogue_code', 'artist__name', 'notes'],
    orderingFields: [
      'title',
      'catalogue_code',
      'tracks',
      'explicit',
      'released_on',
      'added_at',
      'format',
      'artist__name',
    ],
    defaultOrdering: ['-added_at'],
    filters: {
      title: ['icontains'],
      catalogue_code: ['icontains'],
      tracks: ['exact', 'gte', 'lte'],
      explicit: ['exact'],
      released_on: ['range'],
      added_at: ['range'],
      format: ['exact'],
      artist__name: ['icontains'],
      genres__id: ['in'],
      notes: ['icontains'],
      homepage: ['icontains', 'isnull'],
    },
    actions: (album) => ({ edit_url: `/albums/${album.id}/edit`, delete_url: `/api/albums/${album.id}` }),
    mapRow: (row, album) => ({ ...row, liner_notes_url: `/albums/${album.id}/liner-notes.txt` }),
  },
  assign: (album, body, { manager }) => assignAlbum(album, body, manager),
}) {}
