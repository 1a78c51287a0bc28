import { Controller, Inject, Post, Req } from '@nestjs/common';
import {
  BulkSelection,
  DataTableBulkAction,
  DataTableResource,
  RequirePermissions,
  type BulkReport,
  type BulkRequest,
  type DataTableResourceOptions,
  type HttpRequest,
  type ResourceHistoryOptions,
  ResourceHistoryService,
} from '@widgetlib/nest';
import { In } from 'typeorm';
import { demoText, type DemoTextKey } from '../pages/demo-texts.js';
import { AlbumDto } from './album.dto.js';
import { ALBUM_FORMATS } from './album-format.js';
import { Album } from './album.entity.js';
import { assignAlbum, assignAlbumFields } from './album.writer.js';

/** A word of the demo in each of its languages (an exported file's header, a format's label): the server picks the reader's. */
const inEachLanguage = (key: DemoTextKey) => ({ en: demoText('en', key), es: demoText('es', key) });

/** The albums table's options: the list's, and the bulk action's (the same request selects the same rows). */
export const ALBUM_TABLE = {
  // The table's id: its saved views are kept under it (`/api/saved-views/albums/`).
  id: 'albums',
  // Live: every page showing the table reloads it when an album changes (README, "Live tables").
  live: true,
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
  // The lookups each filter-row widget, SearchBuilder condition and ColumnControl search needs
  // (README: "DataTables' search extensions").
  filters: {
    title: ['icontains', 'exact', 'isnull'],
    catalogue_code: ['icontains', 'exact'],
    tracks: ['exact', 'gte', 'lte', 'isnull'],
    explicit: ['exact'],
    released_on: ['range', 'exact', 'isnull'],
    added_at: ['range', 'exact'],
    format: ['exact', 'in'],
    artist__name: ['icontains', 'exact', 'in', 'isnull'],
    genres__id: ['in'],
    notes: ['icontains', 'exact', 'isnull'],
    homepage: ['icontains', 'isnull'],
  },
  // SearchPanes' panes (answered to a page with SearchPanes: the albums page's "SearchPanes" button).
  panes: ['format', 'genres__name'],
  // The labels the Format column shows, in the reader's language: the Format pane lists them, and
  // the CSV/XLSX files write them.
  choices: { format: ALBUM_FORMATS.map(([value]) => [value, inEachLanguage(`format.${value}`)] as const) },
  // ColumnControl's list of the Artist column: every artist of the table, not only the page's.
  columnControl: { lists: { artist__name: { limit: 1000 } } },
  // The tracks of every matching album (not only the page's): the table's footer shows their sum.
  aggregates: { tracks: ['sum'] },
  actions: (album) => ({
    edit_url: `/albums/${album.id}/edit`,
    delete_url: `/api/albums/${album.id}`,
    history_url: `/api/albums/${album.id}/history/`,
  }),
  mapRow: (row, album) => ({ ...row, liner_notes_url: `/albums/${album.id}/liner-notes.txt` }),
  // CSV and XLSX files of every matching album (`GET /api/albums/export?format=csv`), these columns,
  // each cell as the table shows it (the page's export buttons send its date formats and words).
  export: {
    fileName: 'albums',
    // Titled in the reader's language, as the table's headers.
    columns: [
      { data: 'catalogue_code', title: inEachLanguage('column.code') },
      { data: 'title', title: inEachLanguage('column.title') },
      { data: 'artist.name', title: inEachLanguage('column.artist') },
      { data: 'tracks', title: inEachLanguage('column.tracks') },
      { data: 'explicit', title: inEachLanguage('column.explicit') },
      { data: 'released_on', title: inEachLanguage('column.released') },
      { data: 'added_at', title: inEachLanguage('column.added') },
      { data: 'format', title: inEachLanguage('column.format') },
      { data: 'notes', title: inEachLanguage('column.notes') },
      { data: 'homepage', title: inEachLanguage('column.homepage') },
    ],
  },
} satisfies DataTableResourceOptions<Album, AlbumDto>['dataTable'];

/**
 * The albums' history: a restore sends the album's fields as they were through AlbumDto, the
 * relations as their ids. The album pages' form records its writes with the same options.
 */
export const ALBUM_HISTORY: ResourceHistoryOptions = {
  restoreBody: ({ title, tracks, explicit, released_on, format, artist, genres, notes, homepage }) => ({
    title,
    tracks,
    explicit,
    released_on,
    format,
    artist_id: artist,
    genre_ids: genres,
    notes,
    homepage: homepage ?? undefined,
  }),
};

/**
 * The albums resource: the table's list endpoint (`GET /api/albums/`, with its POST form and export)
 * and the JSON record routes (`PATCH` too: the table's cells edited in place), declared in one place. Only the actions named in `permissions` are
 * served: no `bulkDelete`, as the albums page offers no such action (its bulk action is below).
 * Its history keeps every album's changes.
 */
@Controller('api/albums')
export class AlbumsController extends DataTableResource({
  entity: Album,
  // What the API's messages call an album, in the reader's language ("Álbum 3 no existe").
  label: inEachLanguage('albums.entity'),
  name: 'albums',
  createDto: AlbumDto,
  permissions: {
    list: 'catalogue.view',
    retrieve: 'catalogue.view',
    create: 'catalogue.manage',
    update: 'catalogue.manage',
    delete: 'catalogue.manage',
    // Deleted albums wait in the trash (the entity's `@DeleteDateColumn`); deleting one for good
    // from there is for admins.
    purge: 'catalogue.purge',
  },
  trash: { retention: '30 days' },
  query: (albums) =>
    albums
      .createQueryBuilder('album')
      .leftJoinAndSelect('album.artist', 'artist')
      .leftJoinAndSelect('album.genres', 'genre'),
  dataTable: ALBUM_TABLE,
  assign: (album, body, { manager }) => assignAlbum(album, body, manager),
  // A change made in place in the table (`PATCH /api/albums/<id>/`): only the fields it sends.
  assignPartial: (album, fields, { manager }) => assignAlbumFields(album, fields, manager),
  // Every write keeps a revision (`GET /api/albums/<id>/history/`, the table's History button).
  history: ALBUM_HISTORY,
}) {
  /** Records the bulk action's writes in the albums' history (property injection: the resource's constructor is the library's). */
  @Inject(ResourceHistoryService) private readonly albumHistory!: ResourceHistoryService;

  /**
   * "Mark as explicit" on every album the table's request selects (the albums page's bar above the
   * table), in batches in one transaction; the table's cached counts are forgotten after it.
   */
  @Post('bulk/mark-explicit')
  @RequirePermissions('catalogue.manage')
  @DataTableBulkAction(ALBUM_TABLE)
  async markExplicit(@BulkSelection() bulk: BulkRequest, @Req() request: HttpRequest): Promise<BulkReport> {
    const selection = await bulk.of(this.baseQuery(request));
    return selection.forEachBatch(async (ids, manager) => {
      // Each album it changes gets a revision, in the batch's transaction.
      const recorded = await this.albumHistory.track(manager, request, Album, 'update', ids, ALBUM_HISTORY);
      await manager.update(Album, { id: In(ids) }, { explicit: true });
      await recorded(ids);
    });
  }
}
