import { BadRequestException } from '@nestjs/common';
import { GTDateField } from '@widgetlib/nest';
import { In, type EntityManager } from 'typeorm';
import type { AlbumDto } from './album.dto.js';
import { Album } from './album.entity.js';
import { Artist } from './artist.entity.js';
import { Genre } from './genre.entity.js';

/** A reference in an album body that names no record; `field` is the body field to blame. */
export class AlbumReferenceError extends BadRequestException {
  constructor(
    readonly field: 'artist_id' | 'genre_ids',
    message: string,
  ) {
    super(message);
  }
}

const dateField = new GTDateField();

/** Writes a validated album body into an album (new or loaded): ids become relations. */
export async function assignAlbum(album: Album, body: AlbumDto, manager: EntityManager): Promise<void> {
  const artist = await manager.findOneBy(Artist, { id: body.artist_id });
  if (!artist) throw new AlbumReferenceError('artist_id', `Artist ${body.artist_id} does not exist`);
  const genreIds = [...new Set(body.genre_ids)];
  const genres = genreIds.length ? await manager.findBy(Genre, { id: In(genreIds) }) : [];
  if (genres.length !== genreIds.length) throw new AlbumReferenceError('genre_ids', 'Choose genres from the list');
  Object.assign(album, {
    title: body.title,
    tracks: body.tracks,
    explicit: body.explicit,
    released_on: dateField.toRepresentation(body.released_on),
    format: body.format,
    notes: body.notes,
    homepage: body.homepage ?? null,
    artist,
    genres,
  });
  album.catalogue_code ??= `WL-${Date.now().toString(36).toUpperCase()}`;
  album.added_at ??= new Date();
}
