import { BadRequestException } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { RELEASE_DATE, type AlbumDto } from './album.dto.js';
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

const ARTIST_NOT_LISTED = 'Artist must be one of the listed artists';
const GENRES_NOT_LISTED = 'Genres must be chosen from the list';

/**
 * The fields of a body whose ids name no record, each with its message: a form shows them beside the
 * other fields' errors at once. A field left out (`undefined`, one that failed validation) is not checked.
 */
export async function missingReferences(
  body: { artist_id?: number | undefined; genre_ids?: number[] | undefined },
  manager: EntityManager,
): Promise<Partial<Record<AlbumReferenceError['field'], string>>> {
  const problems: Partial<Record<AlbumReferenceError['field'], string>> = {};
  if (body.artist_id !== undefined && !(await manager.existsBy(Artist, { id: body.artist_id }))) {
    problems.artist_id = ARTIST_NOT_LISTED;
  }
  const genreIds = [...new Set(body.genre_ids ?? [])];
  if (genreIds.length > 0 && (await manager.countBy(Genre, { id: In(genreIds) })) !== genreIds.length) {
    problems.genre_ids = GENRES_NOT_LISTED;
  }
  return problems;
}

async function artistOf(id: number, manager: EntityManager): Promise<Artist> {
  const artist = await manager.findOneBy(Artist, { id });
  if (!artist) throw new AlbumReferenceError('artist_id', ARTIST_NOT_LISTED);
  return artist;
}

async function genresOf(ids: number[], manager: EntityManager): Promise<Genre[]> {
  const genreIds = [...new Set(ids)];
  const genres = genreIds.length ? await manager.findBy(Genre, { id: In(genreIds) }) : [];
  if (genres.length !== genreIds.length) throw new AlbumReferenceError('genre_ids', GENRES_NOT_LISTED);
  return genres;
}

/** Writes a validated album body into an album (new or loaded): ids become relations. */
export async function assignAlbum(album: Album, body: AlbumDto, manager: EntityManager): Promise<void> {
  const artist = await artistOf(body.artist_id, manager);
  const genres = await genresOf(body.genre_ids, manager);
  Object.assign(album, {
    title: body.title,
    tracks: body.tracks,
    explicit: body.explicit,
    released_on: RELEASE_DATE.toRepresentation(body.released_on),
    format: body.format,
    notes: body.notes,
    homepage: body.homepage ?? null,
    artist,
    genres,
  });
  album.catalogue_code ??= `WL-${Date.now().toString(36).toUpperCase()}`;
  album.added_at ??= new Date();
}

/**
 * Writes the validated fields of a partial album body (`PATCH`, a change made in place in the
 * table) into a loaded album: only those sent; ids become relations.
 */
export async function assignAlbumFields(
  album: Album,
  fields: Partial<AlbumDto>,
  manager: EntityManager,
): Promise<void> {
  const { artist_id, genre_ids, released_on, homepage, ...plain } = fields;
  Object.assign(album, plain);
  if (artist_id !== undefined) album.artist = await artistOf(artist_id, manager);
  if (genre_ids !== undefined) album.genres = await genresOf(genre_ids, manager);
  // Validated: a date sent is one (an empty one is refused).
  if (released_on !== undefined) Object.assign(album, { released_on: RELEASE_DATE.toRepresentation(released_on) });
  if ('homepage' in fields) album.homepage = homepage ?? null;
}
