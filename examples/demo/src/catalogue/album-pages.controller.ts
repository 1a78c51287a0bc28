import { Body, Controller, Get, NotFoundException, Param, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  DataTableChanges,
  ParseIdPipe,
  RequirePermissions,
  ResourceHistoryService,
  ViewName,
  jsonForScript,
} from '@widgetlib/nest';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Response } from 'express';
import type { Repository } from 'typeorm';
import type { DemoRequest } from '../auth/session-user.middleware.js';
import { AlbumFormForbiddenFilter } from './album-form-forbidden.filter.js';
import { PageRenderer } from '../pages/page.renderer.js';
import { ALBUM_FORMATS } from './album-format.js';
import { AlbumDto, RELEASE_DATE } from './album.dto.js';
import { ALBUM_EDIT_VIEW, ALBUM_FORM_VIEW } from './album-help.seed.js';
import { Album } from './album.entity.js';
import { ALBUM_HISTORY } from './albums.controller.js';
import { Artist } from './artist.entity.js';
import { AlbumReferenceError, assignAlbum, missingReferences } from './album.writer.js';
import { Genre } from './genre.entity.js';
import { demoText, dtoMessageText, type DemoTextKey } from '../pages/demo-texts.js';
import type { DemoLanguage } from '../pages/page.renderer.js';

type FormValues = Record<string, unknown>;

const parseId = new ParseIdPipe();

/** What saving an album takes. */
const ALBUM_MANAGE_PERMISSION = 'catalogue.manage';

/**
 * The albums table's search extensions, served beside DataTables (src/demo-app.ts): SearchBuilder
 * and SearchPanes (each a button, with Buttons; SearchPanes' lists with Select), DateTime for
 * SearchBuilder's date conditions, and ColumnControl.
 */
const SEARCH_EXTENSION_STYLES = [
  '/assets/datatables/buttons.dataTables.min.css',
  '/assets/datatables/dataTables.dateTime.min.css',
  '/assets/datatables/searchBuilder.dataTables.min.css',
  '/assets/datatables/select.dataTables.min.css',
  '/assets/datatables/searchPanes.dataTables.min.css',
  '/assets/datatables/columnControl.dataTables.min.css',
  '/assets/datatables/rowGroup.dataTables.min.css',
];
const SEARCH_EXTENSION_SCRIPTS = [
  '/assets/datatables/dataTables.dateTime.min.js',
  '/assets/datatables/dataTables.buttons.min.js',
  '/assets/datatables/dataTables.searchBuilder.min.js',
  '/assets/datatables/dataTables.select.min.js',
  '/assets/datatables/dataTables.searchPanes.min.js',
  '/assets/datatables/dataTables.columnControl.min.js',
  '/assets/datatables/dataTables.rowGroup.min.js',
];

/** A page's title: a word of the demo and its values. */
interface PageTitle {
  key: DemoTextKey;
  values?: Record<string, string>;
}

const NEW_TITLE: PageTitle = { key: 'form.newTitle' };
const editTitle = (album: Album): PageTitle => ({ key: 'form.editTitle', values: { title: album.title } });

/** The formats with their names in the page's language. */
const formatChoices = (lang: DemoLanguage) =>
  ALBUM_FORMATS.map(([value]) => ({ value, label: demoText(lang, `format.${value}`) }));

/**
 * A form error in the page's language: the DTO's English message is the key of its translation; the
 * date field's message (widgetlib's `GTDate`) names its format.
 */
function formErrorText(lang: DemoLanguage, field: string, message: string): string {
  const translated = dtoMessageText(lang, message);
  if (translated !== null) return translated;
  if (lang === 'en') return message;
  if (field === 'released_on') {
    return demoText(lang, 'error.releaseDate', { format: RELEASE_DATE.typedFormat, example: RELEASE_DATE.example });
  }
  return demoText(lang, 'error.invalid');
}

function albumValues(album: Album): FormValues {
  return {
    title: album.title,
    tracks: album.tracks,
    explicit: album.explicit,
    released_on: album.released_on,
    format: album.format,
    artist_id: album.artist.id,
    genre_ids: album.genres.map((genre) => genre.id),
    notes: album.notes,
    homepage: album.homepage ?? '',
  };
}

@Controller('albums')
@RequirePermissions('catalogue.view')
@UseFilters(AlbumFormForbiddenFilter)
export class AlbumPagesController {
  constructor(
    @InjectRepository(Album) private readonly albums: Repository<Album>,
    @InjectRepository(Artist) private readonly artists: Repository<Artist>,
    @InjectRepository(Genre) private readonly genres: Repository<Genre>,
    private readonly pages: PageRenderer,
    private readonly changes: DataTableChanges,
    private readonly history: ResourceHistoryService,
  ) {}

  /** The albums table: every column type and render function over the albums resource. */
  @Get()
  @ViewName('catalogue:albums')
  async albumsPage(
    @Query('saved') saved: unknown,
    @Query('group') group: unknown,
    @Res() response: Response,
  ): Promise<void> {
    const lang = this.pages.language(response);
    // "Group by format": the grouped list, its groups' subtotals shown by RowGroup.
    const grouped = group === 'format';
    await this.pages.render(response, 'albums', {
      title: demoText(lang, 'albums.title'),
      nav: { albums: true },
      saved: typeof saved === 'string' && /^[0-9]+$/.test(saved),
      styles: SEARCH_EXTENSION_STYLES,
      scripts: [...SEARCH_EXTENSION_SCRIPTS, '/assets/albums.js'],
      grouped,
      tableConfig: jsonForScript({
        url: grouped ? '/api/albums-by-format/' : '/api/albums/',
        grouped,
        savedViewsUrl: '/api/saved-views/albums/',
        formats: formatChoices(lang).map(({ value, label }) => [value, label]),
      }),
    });
  }

  @Get('new')
  @ViewName(ALBUM_FORM_VIEW)
  newAlbum(@Res() response: Response): Promise<void> {
    return this.renderForm(response, NEW_TITLE, '/albums/new', { tracks: 10, format: 'vinyl', genre_ids: [] });
  }

  @Post('new')
  @ViewName(ALBUM_FORM_VIEW)
  @RequirePermissions(ALBUM_MANAGE_PERMISSION)
  async create(@Body() body: FormValues, @Req() request: DemoRequest, @Res() response: Response): Promise<void> {
    const album = await this.saveFromForm(this.albums.create(), body, request, response, NEW_TITLE, '/albums/new');
    if (album) response.redirect(303, `/albums?saved=${album.id}`);
  }

  @Get(':id/edit')
  @ViewName(ALBUM_EDIT_VIEW)
  async editAlbum(@Param('id', parseId) id: number, @Res() response: Response): Promise<void> {
    const album = await this.findAlbum(id);
    return this.renderForm(response, editTitle(album), `/albums/${id}/edit`, albumValues(album));
  }

  @Post(':id/edit')
  @ViewName(ALBUM_EDIT_VIEW)
  @RequirePermissions(ALBUM_MANAGE_PERMISSION)
  async update(
    @Param('id', parseId) id: number,
    @Body() body: FormValues,
    @Req() request: DemoRequest,
    @Res() response: Response,
  ): Promise<void> {
    const album = await this.findAlbum(id);
    const saved = await this.saveFromForm(album, body, request, response, editTitle(album), `/albums/${id}/edit`);
    if (saved) response.redirect(303, `/albums?saved=${saved.id}`);
  }

  /** What the table's download links point at: the album's liner notes as a text file. */
  @Get(':id/liner-notes.txt')
  async linerNotes(@Param('id', parseId) id: number, @Res() response: Response): Promise<void> {
    const album = await this.findAlbum(id);
    response
      .type('text/plain; charset=utf-8')
      .attachment(`${album.catalogue_code}-liner-notes.txt`)
      .send(`${album.title}\n${album.artist.name}\n\n${album.notes}\n`);
  }

  private async findAlbum(id: number): Promise<Album> {
    const album = await this.albums.findOne({ where: { id }, relations: { artist: true, genres: true } });
    if (!album) throw new NotFoundException(`Album ${id} does not exist`);
    return album;
  }

  /** Saves the album when the form is valid; otherwise shows the form again with its errors (400). */
  private async saveFromForm(
    album: Album,
    body: FormValues,
    request: DemoRequest,
    response: Response,
    title: PageTitle,
    action: string,
  ): Promise<Album | null> {
    const { _csrf: _token, ...fields } = body;
    const form = plainToInstance(AlbumDto, fields);
    const errors = await validate(form, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
    const messages: Record<string, string> = Object.fromEntries(
      errors.map((error) => [error.property, Object.values(error.constraints ?? {})[0] ?? 'Invalid value']),
    );
    if (errors.length > 0) {
      // Every field's error at once: an artist or genre that does not exist too, when its id was valid.
      const references = await missingReferences(
        {
          artist_id: messages.artist_id ? undefined : form.artist_id,
          genre_ids: messages.genre_ids ? undefined : form.genre_ids,
        },
        this.albums.manager,
      );
      Object.assign(messages, references);
    } else {
      try {
        const created = album.id === undefined;
        const saved = await this.albums.manager.transaction(async (manager) => {
          // The album's history records the form's writes too, as it records the resource's.
          const keys = album.id === undefined ? [] : [album.id];
          const action = album.id === undefined ? 'create' : 'update';
          const recorded = await this.history.track(manager, request, Album, action, keys, ALBUM_HISTORY);
          await assignAlbum(album, form, manager);
          const written = await manager.save(album);
          await recorded([written.id]);
          return written;
        });
        // The cached counts are forgotten, and the live albums tables of every user reload.
        await this.changes.published(Album, [saved.id], created ? 'created' : 'updated');
        return saved;
      } catch (error) {
        if (!(error instanceof AlbumReferenceError)) throw error;
        messages[error.field] = error.message;
      }
    }
    await this.renderForm(response, title, action, fields, messages, 400);
    return null;
  }

  private async renderForm(
    response: Response,
    title: PageTitle,
    action: string,
    values: FormValues,
    errors: Record<string, string> = {},
    status = 200,
  ): Promise<void> {
    const selectedGenres = new Set([values.genre_ids ?? []].flat().map(Number));
    const user = (response.req as DemoRequest).user;
    const artistId = Number(values.artist_id);
    const artist = Number.isInteger(artistId) ? await this.artists.findOneBy({ id: artistId }) : null;
    const genres = await this.genres.find({ order: { name: 'ASC' } });
    const lang = this.pages.language(response);
    await this.pages.render(
      response,
      'album-form',
      {
        title: demoText(lang, title.key, title.values),
        action,
        values,
        errors: Object.fromEntries(
          Object.entries(errors).map(([field, message]) => [field, formErrorText(lang, field, message)]),
        ),
        hasErrors: Object.keys(errors).length > 0,
        // What the date input shows: the format as typed (its placeholder) and an example.
        releaseDate: { format: RELEASE_DATE.typedFormat, example: RELEASE_DATE.example },
        // The form's Save is for those the POST routes let through (their @RequirePermissions).
        canSave: user?.permissions.includes(ALBUM_MANAGE_PERMISSION) ?? false,
        artist,
        formats: formatChoices(lang).map((choice) => ({ ...choice, selected: choice.value === values.format })),
        genres: genres.map((genre) => ({ ...genre, selected: selectedGenres.has(genre.id) })),
        nav: { form: true },
      },
      status,
    );
  }
}
