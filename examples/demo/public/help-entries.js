// The help entries admin page: the library's data table with add, edit and delete by permission.
const config = JSON.parse(document.getElementById('help-entries-config').textContent);
const { createDataTable, escapeHtml, safeUrl, truncateTextRenderer } = widgetlib;
const csrfToken = document.querySelector('meta[name="csrf-token"]').content;
const form = document.getElementById('help-entry-form');
const formTitle = document.getElementById('help-entry-form-title');
const errors = document.getElementById('help-entry-errors');
const status = document.getElementById('help-entries-status');
const addButton = document.getElementById('help-entry-add');
const fields = ['id_view', 'question_name', 'help_title', 'help_text'];
let editing = null;

function renderActions(actions, type) {
  if (type !== 'display' || !actions) return '';
  const url = safeUrl(actions.edit_url);
  if (!url) return '';
  return (
    '<div class="row-actions">' +
    (config.can.change ? `<button type="button" class="button small secondary" data-edit-url="${escapeHtml(url)}">Edit</button>` : '') +
    (config.can.delete ? `<button type="button" class="button small danger" data-delete-url="${escapeHtml(url)}">Delete</button>` : '') +
    '</div>'
  );
}

const table = createDataTable(
  'help-entries',
  config.url,
  {
    columns: [
      { data: 'id_view', name: 'id_view', title: 'View id', type: 'string' },
      { data: 'question_name', name: 'question_name', title: 'Field', type: 'string' },
      { data: 'help_title', name: 'help_title', title: 'Title', type: 'string' },
      { data: 'help_text', name: 'help_text', title: 'Text', type: 'string', orderable: false, render: truncateTextRenderer(60) },
      { data: 'actions', title: '', type: 'readonly', orderable: false, searchable: false, render: renderActions },
    ],
  },
  true,
);

async function send(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', 'X-CSRF-Token': csrfToken },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw new Error([answer?.message ?? response.statusText].flat().join('. '));
  return answer;
}

function openForm(entry) {
  editing = entry?.actions?.edit_url ?? null;
  formTitle.textContent = editing ? `Edit “${entry.help_title}”` : 'Add a help entry';
  for (const field of fields) form.elements[field].value = entry?.[field] ?? '';
  errors.textContent = '';
  form.hidden = false;
  form.elements.id_view.focus();
}

addButton.hidden = !config.can.add;
addButton.addEventListener('click', () => openForm(null));
document.getElementById('help-entry-cancel').addEventListener('click', () => {
  form.hidden = true;
  addButton.focus();
});

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const body = Object.fromEntries(fields.map((field) => [field, form.elements[field].value]));
  try {
    await send(editing ? 'PUT' : 'POST', editing ?? config.url, body);
    form.hidden = true;
    status.textContent = editing ? 'The entry was saved.' : 'The entry was added.';
    table.ajax.reload(null, false);
  } catch (error) {
    // What the user typed stays in the form; the server's message says what to change.
    errors.textContent = error.message;
  }
});

document.getElementById('help-entries').addEventListener('click', async (event) => {
  const edit = event.target.closest('button[data-edit-url]');
  const remove = event.target.closest('button[data-delete-url]');
  try {
    if (edit) openForm({ ...(await send('GET', edit.dataset.editUrl)), actions: { edit_url: edit.dataset.editUrl } });
    if (remove && window.confirm('Delete this help entry?')) {
      await send('DELETE', remove.dataset.deleteUrl);
      status.textContent = 'The entry was deleted.';
      table.ajax.reload(null, false);
    }
  } catch (error) {
    status.textContent = error.message;
  }
});
