/** The formats an album is sold in and their labels: the table's Format column, its pane and its export show the labels. */
export const ALBUM_FORMATS = [
  ['vinyl', 'Vinyl'],
  ['cd', 'CD'],
  ['cassette', 'Cassette'],
  ['digital', 'Digital'],
] as const;

export type AlbumFormat = (typeof ALBUM_FORMATS)[number][0];
