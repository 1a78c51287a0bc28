/** The albums page's columns as its saved states name them (public/albums.js), in order. */
const ALBUM_COLUMNS = [
  'catalogue_code',
  'title',
  'artist__name',
  'tracks',
  'explicit',
  'released_on',
  'added_at',
  'format',
  'genres__id',
  'notes',
  'homepage',
  '', // liner notes: a link the page computes
  '', // row actions
  '', // the Genres pane's hidden column
] as const;

const FORMAT_COLUMN = ALBUM_COLUMNS.indexOf('format');
const ADDED_COLUMN = ALBUM_COLUMNS.indexOf('added_at');

/** A view of the albums table the admin shares with every reader of the table: cassettes, newest first. */
export const SHARED_ALBUM_VIEW = {
  table: 'albums',
  owner: 'admin',
  name: 'Cassettes, newest first',
  state: {
    start: 0,
    length: 10,
    order: [[ADDED_COLUMN, 'desc']],
    search: { search: '', smart: true, regex: false, caseInsensitive: true },
    columns: ALBUM_COLUMNS.map((name, index) => ({
      name,
      visible: index !== ALBUM_COLUMNS.length - 1,
      search: { search: index === FORMAT_COLUMN ? 'cassette' : '', smart: true, regex: false, caseInsensitive: true },
    })),
  },
};
