import type { HelpInput } from '@widgetlib/nest';

/** The view ids of the album form pages, whose fields carry help entries. */
export const ALBUM_FORM_VIEW = 'catalogue:album-form';
export const ALBUM_EDIT_VIEW = 'catalogue:album-edit';

const FIELD_HELP: Array<Omit<HelpInput, 'id_view'>> = [
  {
    question_name: 'title',
    help_title: 'Title',
    help_text: '<p>The album title as printed on the <strong>front cover</strong>.</p>',
  },
  {
    question_name: 'tracks',
    help_title: 'Tracks',
    help_text: '<p>Number of tracks on the standard edition. Bonus tracks are <em>not</em> counted.</p>',
  },
  {
    question_name: 'explicit',
    help_title: 'Explicit lyrics',
    help_text: '<p>Tick when any track carries a parental advisory.</p>',
  },
  {
    question_name: 'released_on',
    help_title: 'Release date',
    help_text: '<p>First release date in the album’s home country, as <code>yyyy-MM-dd</code>.</p>',
  },
  {
    question_name: 'format',
    help_title: 'Format',
    help_text:
      '<ul><li><strong>Vinyl</strong>, <strong>CD</strong> and <strong>Cassette</strong> are physical.</li><li><strong>Digital</strong> is download or streaming only.</li></ul>',
  },
  {
    question_name: 'artist_id',
    help_title: 'Artist',
    help_text: '<p>Start typing to search the <a href="/albums">catalogue</a>’s artists.</p>',
  },
  {
    question_name: 'genre_ids',
    help_title: 'Genres',
    help_text: '<p>Up to five genres; the first is the main one.</p>',
  },
  {
    question_name: 'notes',
    help_title: 'Notes',
    help_text: '<p>Anything buyers should know: pressing, booklet, remaster.</p>',
  },
];

/** Help for the fields of the new-album and edit-album forms; `homepage` is left for an editor to add. */
export const ALBUM_FORM_HELP: HelpInput[] = [ALBUM_FORM_VIEW, ALBUM_EDIT_VIEW].flatMap((id_view) =>
  FIELD_HELP.map((entry) => ({ ...entry, id_view })),
);
