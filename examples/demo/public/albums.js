// The albums table: one column of each type, each render function, and row actions.
const config = JSON.parse(document.getElementById('albums-config').textContent);
const {
  createDataTable,
  downloadlink,
  openRecordHistory,
  emptyprint,
  escapeHtml,
  gt_print_list_object,
  renderDate,
  renderDatetime,
  selectobjprint,
  showlink,
  truncateTextRenderer,
  yesnoprint,
} = widgetlib;

const formatLabels = new Map(config.formats);
/** The columns of the CSV and XLSX files (the server's `export.columns`). */
const EXPORT_FIELDS = [
  'catalogue_code',
  'title',
  'artist.name',
  'tracks',
  'explicit',
  'released_on',
  'added_at',
  'format',
  'notes',
  'homepage',
];
const statusLine = document.getElementById('albums-status');

function renderFormat(value, type) {
  const label = formatLabels.get(value) ?? value;
  return type === 'display' ? `<span class="badge format-${escapeHtml(value)}">${escapeHtml(label)}</span>` : label;
}

function renderHomepage(value, type, row, meta) {
  return value ? showlink(value, type, row, meta) : emptyprint(value, type, row, meta);
}

// Edit, History and Delete are shown only when the table's answer says the user may use them (its
// `permissions`, from the albums resource's own routes); the routes check again.
function renderActions(actions, type) {
  if (type !== 'display' || !actions) return '';
  return demo.rowActions([
    { label: demo.t('albums.edit'), url: actions.edit_url, className: 'secondary', requires: 'update' },
    {
      label: demo.t('albums.history'),
      url: actions.history_url,
      className: 'secondary',
      data: 'history-url',
      requires: 'history',
    },
    {
      label: demo.t('albums.delete'),
      url: actions.delete_url,
      className: 'danger',
      data: 'delete-url',
      requires: 'delete',
    },
  ]);
}

const table = createDataTable(
  'albums',
  config.url,
  {
    columns: [
      { data: 'catalogue_code', name: 'catalogue_code', title: demo.t('column.code'), type: 'readonly' },
      { data: 'title', name: 'title', title: demo.t('column.title'), type: 'string' },
      {
        data: 'artist',
        name: 'artist__name',
        title: demo.t('column.artist'),
        type: 'string',
        render: selectobjprint({ display_name: 'name' }),
        // ColumnControl adds a menu beside DataTables' own ordering icon; its list of every artist
        // comes from the server (the answer's `columnControl`).
        columnControl: [['orderAsc', 'orderDesc', 'spacer', 'search', 'searchList']],
      },
      {
        data: 'tracks',
        name: 'tracks',
        title: demo.t('column.tracks'),
        type: 'number',
        // The footer: the tracks of every album the filters match (the server's `aggregates`).
        footer: 'sum',
        columnControl: [['orderAsc', 'orderDesc', 'spacer', 'search']],
      },
      { data: 'explicit', name: 'explicit', title: demo.t('column.explicit'), type: 'boolean', render: yesnoprint },
      {
        data: 'released_on',
        name: 'released_on',
        title: demo.t('column.released'),
        type: 'date',
        dateformat: document.date_format,
        render: renderDate(),
        className: 'cell-date',
      },
      {
        data: 'added_at',
        name: 'added_at',
        title: demo.t('column.added'),
        type: 'date',
        dateformat: document.datetime_format,
        render: renderDatetime(),
        className: 'cell-date',
      },
      {
        data: 'format',
        name: 'format',
        title: demo.t('column.format'),
        type: 'select',
        choices: config.formats,
        render: renderFormat,
        // ColumnControl's list of the formats, in the page's language (the Artist list comes from the server).
        columnControl: [
          [{ extend: 'searchList', options: config.formats.map(([value, label]) => ({ value, label })) }],
        ],
        // A pane (`show`: SearchPanes updates the counts of shown panes only).
        searchPanes: { show: true },
      },
      {
        data: 'genres',
        name: 'genres__id',
        title: demo.t('column.genres'),
        type: 'select2',
        url: '/genres/options',
        orderable: false,
        render: gt_print_list_object('name'),
      },
      {
        data: 'notes',
        name: 'notes',
        title: demo.t('column.notes'),
        type: 'string',
        orderable: false,
        render: truncateTextRenderer(32),
      },
      {
        data: 'homepage',
        name: 'homepage',
        title: demo.t('column.homepage'),
        type: 'string',
        orderable: false,
        render: renderHomepage,
      },
      {
        data: 'liner_notes_url',
        title: demo.t('column.linerNotes'),
        type: 'readonly',
        orderable: false,
        searchable: false,
        render: downloadlink,
      },
      {
        data: 'actions',
        title: '',
        type: 'readonly',
        orderable: false,
        searchable: false,
        rowActions: true,
        render: renderActions,
      },
      // The Genres pane's column: SearchPanes names a pane by its column's data source, which must be
      // the pane's path (`genres.name` for `genres__name`); the Genres column above filters by id.
      {
        data: 'genres.name',
        name: 'genres__name',
        title: demo.t('column.genres'),
        type: 'readonly',
        visible: false,
        orderable: false,
        searchable: false,
        defaultContent: '',
        searchPanes: { show: true },
      },
      // The checkboxes that pick albums one by one for the bulk action (DataTables' Select); last,
      // so that the column numbers above stay; shown only to users who may use the action.
      { selectRow: true, title: '' },
    ],
    order: [[6, 'desc']],
    // "Group by format": DataTables' RowGroup over the grouped list (ordered by format first); each
    // group's first row counts its albums and its last row totals their tracks, over every match.
    ...(config.grouped ? { rowGroup: { dataSrc: 'format' } } : {}),
    // The word of the table's announcements to screen readers ("572 albums match", "Page 3 of 58").
    texts: { rowsWord: demo.t('albums.rowsWord'), rowWord: demo.t('albums.rowWord') },
    // Users the answer allows it (editors and admins) act on the albums they pick one by one, or
    // on every album the table's request selects: a bar above the table ("3 selected", "Select all
    // N matching rows", then the action), answered in a status line.
    bulkActions: [
      {
        label: demo.t('albums.markExplicit'),
        url: '/api/albums/bulk/mark-explicit',
        permission: 'markExplicit',
        confirm: demo.t('albums.markConfirm'),
        done: demo.t('albums.markDone'),
      },
    ],
    // Views of the table kept on the server per user: save, load, share read-only, link (#view=<id>).
    savedViews: { url: config.savedViewsUrl },
    // Deleted albums wait in the trash: a Trash button (for users who may delete) shows them, each
    // with Restore, and Delete for good for users who may purge (the resource's `purge`).
    // (The grouped list is another endpoint: the trash is the albums resource's.)
    trash: config.grouped ? { url: '/api/albums/' } : true,
    // Users who may change albums edit these cells in place (double-click, or Enter or F2 on the
    // focused cell): each change is PATCHed with the album's version, so none overwrites another's.
    editable: ['title', 'tracks', 'format'],
    // A live table: an album another user adds, changes or deletes shows here within a second,
    // the page kept, the changed rows marked briefly (the server's `live: true`, README "Live tables").
    live: true,
    // Columns that do not fit go to a child row (the ▶ of each row), their filters under "More filters".
    overflow: 'responsive',
    // Above the table: SearchPanes' button (the Format and Genres panes in a popover, their counts
    // cascading, so the table keeps its space) and SearchBuilder's, over the columns whose
    // conditions the server allows.
    // One line on a laptop: the buttons (first, so that SearchPanes' popover opens within the page)
    // and the page length at the start, the search at the end.
    layout: {
      topStart: [
        {
          buttons: [
            {
              extend: 'searchPanes',
              config: { columns: [7, 13], cascadePanes: true, viewTotal: true, layout: 'columns-2' },
            },
            { extend: 'searchBuilder', config: { columns: [1, 2, 3, 5, 6, 7, 9] } },
            // Every album the table's request matches, as a file (the columns the server declares).
            ...widgetlib.exportButtons({ formats: ['csv', 'xlsx'], fields: EXPORT_FIELDS }),
          ],
        },
        'pageLength',
      ],
    },
  },
  true,
);

document.getElementById('albums').addEventListener('click', async (event) => {
  const button = event.target.closest('button[data-delete-url]');
  if (!button || !window.confirm(demo.t('albums.confirmDelete'))) return;
  try {
    await demo.send('DELETE', button.dataset.deleteUrl);
    statusLine.textContent = demo.t('albums.deleted');
    table.ajax.reload(null, false);
  } catch (error) {
    statusLine.textContent = demo.t('albums.deleteFailed', { error: error.message });
  }
});

// An album's history: its revisions newest first, each field before and after, and Restore for
// users who may edit (the table's answer says so); a restore reloads the page of the table.
const HISTORY_LABELS = {
  title: demo.t('column.title'),
  catalogue_code: demo.t('column.code'),
  artist: demo.t('column.artist'),
  tracks: demo.t('column.tracks'),
  explicit: demo.t('column.explicit'),
  released_on: demo.t('column.released'),
  added_at: demo.t('column.added'),
  format: demo.t('column.format'),
  genres: demo.t('column.genres'),
  notes: demo.t('column.notes'),
  homepage: demo.t('column.homepage'),
};

document.getElementById('albums').addEventListener('click', (event) => {
  const button = event.target.closest('button[data-history-url]');
  if (!button) return;
  const url = button.dataset.historyUrl;
  const album = table
    .rows()
    .data()
    .toArray()
    .find((row) => row.actions?.history_url === url);
  openRecordHistory({
    url,
    record: album?.title ?? '',
    table,
    labels: HISTORY_LABELS,
    onRestored: () => table.ajax.reload(null, false),
    // The reload draws the rows anew: focus goes back to the album's new History button.
    returnFocus: () => document.querySelector(`#albums button[data-history-url="${CSS.escape(url)}"]`),
  });
});
