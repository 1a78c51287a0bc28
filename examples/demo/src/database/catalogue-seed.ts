import { ALBUM_FORMATS } from '../catalogue/album-format.js';

/** A small deterministic pseudo-random generator (mulberry32), so every seeded demo is the same. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const ADJECTIVES = [
  'Silent',
  'Electric',
  'Golden',
  'Crimson',
  'Velvet',
  'Midnight',
  'Hollow',
  'Wild',
  'Blue',
  'Lucid',
  'Über',
  'Café',
  'Ångström',
  'Niño',
  'Fading',
  'Northern',
  'Paper',
  'Neon',
  'Quiet',
  'Broken',
  'Sunlit',
  'Frozen',
];
const NOUNS = [
  'Rivers',
  'Machines',
  'Gardens',
  'Signals',
  'Horizons',
  'Echoes',
  'Lanterns',
  'Tides',
  'Cities',
  'Dreams',
  'Mirrors',
  'Orchards',
  'Satellites',
  'Harbours',
  'Forests',
  'Engines',
  'Letters',
  'Islands',
  'Storms',
  'Résumés',
];
const SPECIAL_TITLES = ['100% Pure', 'snake_case Blues', 'Back\\slash', 'Ça va', 'ÉCOLE DE NUIT', 'Straße', 'Ølstue'];
const FIRST_NAMES = [
  'Ada',
  'Björk',
  'Chloé',
  'Dmitri',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Inés',
  'José',
  'Kofi',
  'Lena',
  'Marta',
  'Noor',
  'Oskar',
  'Priya',
  'Quinn',
  'Rafael',
  'Søren',
  'Thandiwe',
  'Uma',
  'Viktor',
  'Wen',
  'Zoë',
];
const LAST_NAMES = [
  'Andersen',
  'Björklund',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fernández',
  'García',
  'Hoffmann',
  'Ivanova',
  'Jovanović',
  'Kowalski',
  'López',
  'Müller',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quintero',
  'Rossi',
  'Schäfer',
  'Tanaka',
];
const COUNTRIES = [
  'Argentina',
  'Brazil',
  'Canada',
  'Denmark',
  'España',
  'France',
  'Germany',
  'Iceland',
  'Japan',
  'Nigeria',
  'Norway',
  'Poland',
  'Sweden',
  'United Kingdom',
  'United States',
];
export const GENRE_NAMES = [
  'Ambient',
  'Blues',
  'Classical',
  'Country',
  'Disco',
  'Drum & Bass',
  'Electronic',
  'Folk',
  'Funk',
  'Hip-Hop',
  'House',
  'Jazz',
  'Krautrock',
  'Latin',
  'Metal',
  'Pop',
  'Post-Rock',
  'Punk',
  'R&B',
  'Reggae',
  'Rock',
  'Soul',
  'Techno',
  'World',
];
const SENTENCES = [
  'Recorded live to tape over three winter nights.',
  'Remastered from the original reels with a new booklet.',
  'Features guest appearances from the band’s early line-up.',
  'The closing track runs for more than twenty minutes.',
  'Pressed on 180-gram vinyl with a gatefold sleeve.',
  'Includes demos and alternate takes never released before.',
  'Written during a year-long tour across three continents.',
  'Mixed in Reykjavík and mastered in Berlin.',
];

export interface SeedArtist {
  name: string;
  country: string;
}

export interface SeedAlbum {
  title: string;
  catalogue_code: string;
  tracks: number;
  explicit: boolean;
  released_on: string;
  added_at: Date;
  format: string;
  notes: string;
  homepage: string | null;
  artistIndex: number;
  genreIndexes: number[];
}

export interface CatalogueSeed {
  artists: SeedArtist[];
  genres: string[];
  albums: SeedAlbum[];
}

/** The demo catalogue: `albumCount` albums by 500 artists in 24 genres, the same on every run. */
export function generateCatalogue(albumCount = 10_000): CatalogueSeed {
  const random = randomSource(20_261_121);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

  const artists = Array.from({ length: 500 }, (_, index) => ({
    name: index % 3 === 0 ? `The ${pick(ADJECTIVES)} ${pick(NOUNS)}` : `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
    country: pick(COUNTRIES),
  }));

  const albums = Array.from({ length: albumCount }, (_, index): SeedAlbum => {
    const year = between(1962, 2025);
    const released = new Date(Date.UTC(year, between(0, 11), between(1, 28)));
    const added = new Date(Date.UTC(2024, 0, 1) + between(0, 600 * 24 * 60) * 60_000);
    const genreIndexes = [...new Set(Array.from({ length: between(1, 3) }, () => between(0, GENRE_NAMES.length - 1)))];
    return {
      title: index < SPECIAL_TITLES.length ? SPECIAL_TITLES[index]! : `${pick(ADJECTIVES)} ${pick(NOUNS)}`,
      catalogue_code: `WL-${String(index + 1).padStart(5, '0')}`,
      tracks: between(4, 22),
      explicit: random() < 0.18,
      released_on: released.toISOString().slice(0, 10),
      added_at: added,
      format: pick(ALBUM_FORMATS)[0],
      notes: Array.from({ length: between(1, 5) }, () => pick(SENTENCES)).join(' '),
      homepage: random() < 0.85 ? `https://example.com/albums/${index + 1}` : null,
      artistIndex: between(0, artists.length - 1),
      genreIndexes,
    };
  });

  return { artists, genres: GENRE_NAMES, albums };
}
