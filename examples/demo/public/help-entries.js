// The help entries admin page: the library's data table with add, edit and delete by permission.
// Writes go through the library's help API: each records a revision, and an edit or delete sends the
// version it started from (`If-Match`), so a change made in between is never overwritten unseen.
const config = JSON.parse(document.getElementById('help-entries-config').textContent);
const { attachRichTextEditor, createDataTable, htmlPreviewRenderer } = widgetlib;
const { send } = demo;
const form = document.getElementById('help-entry-form');
const formTitle = document.getElementById('help-entry-form-title');
const errors = document.getElementById('help-entry-errors');
const statusLine = document.getElementById('help-entries-status');
const addButton = document.getElementById('help-entry-add');
const fields = ['id_view', 'question_name', 'language', 'help_title', 'help_text'];
/** The entry being edited: its API URL and the version the form started from. */
let editing = null;
/** The help panel's rich-text editor over the text field, while the form is open. */
let editor = null;

const ifMatch = (version) => ({ 'If-Match': `"${version}"` });

// Edit, Delete and "Add entry" are shown only when the table's answer says the help API would let
// the user through (its permissions); the API checks again.
function renderActions(actions, type) {
  if (type !== 'display' || !actions) return '';
  return demo.rowActions([
    { label: demo.t('help.edit'), url: actions.edit_url, className: 'secondary', data: 'edit-url', requires: 'update' },
    {
      label: demo.t('help.delete'),
      url: actions.delete_url,
      className: 'danger',
      data: 'delete-url',
      requires: 'delete',
    },
  ]);
}

const table = createDataTable(
  'help-entries',
  config.url,
  {
    columns: [
      { data: 'id_view', name: 'id_view', title: demo.t('help.columnView'), type: 'string' },
      { data: 'question_name', name: 'question_name', title: demo.t('help.columnField'), type: 'string' },
      {
        data: 'language',
        name: 'language',
        title: demo.t('help.columnLanguage'),
        type: 'string',
        render: (language, type) =>
          type === 'display' ? widgetlib.escapeHtml(language ?? demo.t('help.everyLanguage')) : language,
      },
      { data: 'help_title', name: 'help_title', title: demo.t('help.columnTitle'), type: 'string' },
      {
        data: 'help_text',
        name: 'help_text',
        title: demo.t('help.columnText'),
        type: 'string',
        orderable: false,
        render: htmlPreviewRenderer(48),
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
    ],
    // Five columns: on a narrow screen the table scrolls sideways, Edit and Delete stay in view.
    overflow: 'scroll',
  },
  true,
);

function openForm(entry) {
  editing = entry ? { url: entry.url, version: entry.version } : null;
  formTitle.textContent = editing ? demo.t('help.editTitle', { title: entry.help_title }) : demo.t('help.addTitle');
  for (const field of fields) form.elements[field].value = entry?.[field] ?? '';
  errors.textContent = '';
  form.hidden = false;
  form.elements.id_view.focus();
  startEditor();
}

/** The text field as the panel's rich-text editor; the plain HTML field stays if it cannot load. */
async function startEditor() {
  closeEditor();
  const pending = attachRichTextEditor(form.elements.help_text, { labelId: 'entry-help_text-label' });
  editor = pending;
  try {
    const started = await pending;
    if (editor === pending) editor = started;
    else started.destroy();
  } catch (error) {
    if (editor === pending) editor = null;
    console.warn('The rich-text editor could not be loaded', error);
  }
}

function closeEditor() {
  if (editor && !(editor instanceof Promise)) editor.destroy();
  editor = null;
}

function closeForm() {
  closeEditor();
  form.hidden = true;
}

addButton.addEventListener('click', () => openForm(null));
document.getElementById('help-entry-cancel').addEventListener('click', () => {
  closeForm();
  addButton.focus();
});

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const body = Object.fromEntries(fields.map((field) => [field, form.elements[field].value]));
  body.language = body.language || null;
  try {
    if (editing) await send('PUT', editing.url, body, ifMatch(editing.version));
    else await send('POST', config.helpUrl, body);
    closeForm();
    statusLine.textContent = editing ? demo.t('help.saved') : demo.t('help.added');
    table.ajax.reload(null, false);
  } catch (error) {
    // What the user typed stays in the form; the server's message says what to change.
    if (error.status === 412 && editing) {
      // Saving again overwrites the newer version, now that the author has been told of it.
      editing.version = error.answer.current.version;
      errors.textContent = demo.t('help.conflict', { title: error.answer.current.help_title });
    } else {
      errors.textContent = error.message;
    }
  }
});

document.getElementById('help-entries').addEventListener('click', async (event) => {
  const edit = event.target.closest('button[data-edit-url]');
  const remove = event.target.closest('button[data-delete-url]');
  try {
    if (edit) openForm({ ...(await send('GET', edit.dataset.editUrl)), url: edit.dataset.editUrl });
    if (remove && window.confirm(demo.t('help.confirmDelete'))) {
      // The version the user saw in the table: a change since then is refused (412), not deleted.
      const url = remove.dataset.deleteUrl;
      const row = table
        .rows()
        .data()
        .toArray()
        .find((entry) => entry.actions?.delete_url === url);
      await send('DELETE', url, undefined, ifMatch(row.version));
      statusLine.textContent = demo.t('help.deleted');
      table.ajax.reload(null, false);
    }
  } catch (error) {
    statusLine.textContent = error.status === 412 ? demo.t('help.changedNotDeleted') : error.message;
    if (error.status === 412) table.ajax.reload(null, false);
  }
});
