/** The formats an album is sold in: the choices of the table's select column. */
export const ALBUM_FORMATS = [
  ['vinyl', 'Vinyl'],
  ['cd', 'CD'],
  ['cassette', 'Cassette'],
  ['digital', 'Digital'],
] as const;

export type AlbumFormat = (typeof ALBUM_FORMATS)[number][0];
