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

const FIELD_HELP_ES: Array<Omit<HelpInput, 'id_view'>> = [
  {
    question_name: 'title',
    help_title: 'Título',
    help_text: '<p>El título del álbum tal como aparece en la <strong>portada</strong>.</p>',
  },
  {
    question_name: 'tracks',
    help_title: 'Pistas',
    help_text: '<p>Número de pistas de la edición estándar. Las pistas extra <em>no</em> cuentan.</p>',
  },
  {
    question_name: 'explicit',
    help_title: 'Letras explícitas',
    help_text: '<p>Márquelo cuando alguna pista lleve advertencia parental.</p>',
  },
  {
    question_name: 'released_on',
    help_title: 'Fecha de lanzamiento',
    help_text: '<p>Primera fecha de lanzamiento en el país de origen del álbum, como <code>yyyy-MM-dd</code>.</p>',
  },
  {
    question_name: 'format',
    help_title: 'Formato',
    help_text:
      '<ul><li><strong>Vinilo</strong>, <strong>CD</strong> y <strong>casete</strong> son físicos.</li><li><strong>Digital</strong> es solo descarga o streaming.</li></ul>',
  },
  {
    question_name: 'artist_id',
    help_title: 'Artista',
    help_text: '<p>Escriba para buscar entre los artistas del <a href="/albums">catálogo</a>.</p>',
  },
  {
    question_name: 'genre_ids',
    help_title: 'Géneros',
    help_text: '<p>Hasta cinco géneros; el primero es el principal.</p>',
  },
  {
    question_name: 'notes',
    help_title: 'Notas',
    help_text: '<p>Lo que el comprador debe saber: prensaje, libreto, remasterización.</p>',
  },
];

/** The languages of the demo's pages and of its seeded help. */
export const DEMO_LANGUAGES = ['en', 'es'] as const;

/**
 * Help for the fields of the new-album and edit-album forms, in English and in Spanish; `homepage`
 * is left for an editor to add.
 */
export const ALBUM_FORM_HELP: HelpInput[] = [ALBUM_FORM_VIEW, ALBUM_EDIT_VIEW].flatMap((id_view) => [
  ...FIELD_HELP.map((entry) => ({ ...entry, id_view, language: 'en' })),
  ...FIELD_HELP_ES.map((entry) => ({ ...entry, id_view, language: 'es' })),
]);
