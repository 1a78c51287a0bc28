import { Body, Controller, Get, NotFoundException, Param, Post, Res } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { GTDateField, ParseIdPipe, RequirePermissions, ViewName } from '@widgetlib/nest';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Response } from 'express';
import { In, type Repository } from 'typeorm';
import { PageRenderer } from '../pages/page.renderer.js';
import { ALBUM_FORMATS } from './album-format.js';
import { AlbumFormDto } from './album-form.dto.js';
import { ALBUM_EDIT_VIEW, ALBUM_FORM_VIEW } from './album-help.seed.js';
import { Album } from './album.entity.js';
import { Artist } from './artist.entity.js';
import { Genre } from './genre.entity.js';

type FormValues = Record<string, unknown>;

const dateField = new GTDateField();
const parseId = new ParseIdPipe();

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
export class AlbumPagesController {
  constructor(
    @InjectRepository(Album) private readonly albums: Repository<Album>,
    @InjectRepository(Artist) private readonly artists: Repository<Artist>,
    @InjectRepository(Genre) private readonly genres: Repository<Genre>,
    private readonly pages: PageRenderer,
  ) {}

  @Get('new')
  @ViewName(ALBUM_FORM_VIEW)
  newAlbum(@Res() response: Response): Promise<void> {
    return this.renderForm(response, 'New album', '/albums/new', { tracks: 10, format: 'vinyl', genre_ids: [] });
  }

  @Post('new')
  @ViewName(ALBUM_FORM_VIEW)
  @RequirePermissions('catalogue.manage')
  async create(@Body() body: FormValues, @Res() response: Response): Promise<void> {
    const album = await this.saveFromForm(this.albums.create(), body, response, 'New album', '/albums/new');
    if (album) response.redirect(303, `/albums?saved=${album.id}`);
  }

  @Get(':id/edit')
  @ViewName(ALBUM_EDIT_VIEW)
  async editAlbum(@Param('id', parseId) id: number, @Res() response: Response): Promise<void> {
    const album = await this.findAlbum(id);
    return this.renderForm(response, `Edit “${album.title}”`, `/albums/${id}/edit`, albumValues(album));
  }

  @Post(':id/edit')
  @ViewName(ALBUM_EDIT_VIEW)
  @RequirePermissions('catalogue.manage')
  async update(@Param('id', parseId) id: number, @Body() body: FormValues, @Res() response: Response): Promise<void> {
    const album = await this.findAlbum(id);
    const saved = await this.saveFromForm(album, body, response, `Edit “${album.title}”`, `/albums/${id}/edit`);
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
    response: Response,
    title: string,
    action: string,
  ): Promise<Album | null> {
    const { _csrf: _token, ...fields } = body;
    const form = plainToInstance(AlbumFormDto, fields);
    const errors = await validate(form, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
    const messages: Record<string, string> = Object.fromEntries(
      errors.map((error) => [error.property, Object.values(error.constraints ?? {})[0] ?? 'Invalid value']),
    );
    const artist = messages.artist_id ? null : await this.artists.findOneBy({ id: form.artist_id });
    if (!artist) messages.artist_id ??= 'Choose an artist';
    const genreIds = messages.genre_ids ? [] : [...new Set(form.genre_ids)];
    const genres = genreIds.length ? await this.genres.findBy({ id: In(genreIds) }) : [];
    if (genres.length !== genreIds.length) messages.genre_ids = 'Choose genres from the list';
    if (Object.keys(messages).length > 0) {
      await this.renderForm(response, title, action, fields, messages, 400);
      return null;
    }
    Object.assign(album, {
      title: form.title,
      tracks: form.tracks,
      explicit: form.explicit,
      released_on: dateField.toRepresentation(form.released_on),
      format: form.format,
      notes: form.notes,
      homepage: form.homepage ?? null,
      artist: artist!,
      genres,
    });
    if (!album.catalogue_code) album.catalogue_code = `WL-${Date.now().toString(36).toUpperCase()}`;
    if (!album.added_at) album.added_at = new Date();
    return this.albums.save(album);
  }

  private async renderForm(
    response: Response,
    title: string,
    action: string,
    values: FormValues,
    errors: Record<string, string> = {},
    status = 200,
  ): Promise<void> {
    const selectedGenres = new Set([values.genre_ids ?? []].flat().map(Number));
    const artistId = Number(values.artist_id);
    const artist = Number.isInteger(artistId) ? await this.artists.findOneBy({ id: artistId }) : null;
    const genres = await this.genres.find({ order: { name: 'ASC' } });
    await this.pages.render(
      response,
      'album-form',
      {
        title,
        action,
        values,
        errors,
        hasErrors: Object.keys(errors).length > 0,
        artist,
        formats: ALBUM_FORMATS.map(([value, label]) => ({ value, label, selected: value === values.format })),
        genres: genres.map((genre) => ({ ...genre, selected: selectedGenres.has(genre.id) })),
        nav: { form: true },
      },
      status,
    );
  }
}
