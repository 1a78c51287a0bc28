import { escapeHtml } from '../../src/escape.js';

export const HELP_PANEL_CSRF_TOKEN = 'help-panel-test-csrf-token';

/**
 * A host's edit page: labelled form fields, and a sidebar whose footer holds the help widget. The
 * panels start with `window.helpPanelSettings` when a test defines it (texts, CSRF, icon class).
 */
export function renderHelpPanelPage(footer: string): string {
  const field = (name: string, label: string, control = `<input id="id_${name}" name="${name}" type="text">`) =>
    `<div class="field"><label for="id_${name}">${escapeHtml(label)}</label>${control}</div>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="csrf-token" content="${HELP_PANEL_CSRF_TOKEN}">
<title>Edit album</title>
<link rel="stylesheet" href="/help-panel-fixture/help-panel.css">
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; display: flex; min-height: 100vh; }
  aside { width: 200px; background: #24292f; color: #fff; display: flex; flex-direction: column; }
  aside nav { flex: 1; padding: 16px; }
  aside footer { padding: 12px 16px; border-top: 1px solid #444; }
  .widgetlib-palette-toggle { background: none; border: 1px solid #888; color: #fff; border-radius: 50%; width: 28px; height: 28px; cursor: pointer; }
  .fa-question-circle::before { content: '?'; font-weight: bold; }
  main { flex: 1; padding: 24px 32px; }
  .field { margin-bottom: 12px; }
  .field label { display: inline-block; min-width: 140px; }
</style>
</head>
<body>
<aside><nav>Albums</nav><footer>${footer}</footer></aside>
<main>
  <h1>Edit album</h1>
  <form id="album-form">
    ${field('name', 'Album name')}
    ${field('year', 'Year', '<input id="id_year" name="year" type="number">')}
    ${field('genre', 'Genre', '<select id="id_genre" name="genre"><option>Rock</option><option>Jazz</option></select>')}
    <div class="field"><label>Record label <input name="label" type="text"></label></div>
    ${field('catalogue_number', 'Catalogue number')}
    ${field('producer', 'Producer')}
    ${field('notes', 'Liner notes', '<textarea id="id_notes" name="notes"></textarea>')}
    ${field('rating', 'Rating')}
    ${field('barcode', 'Barcode')}
  </form>
</main>
<script src="/help-panel-fixture/widgetlib.js"></script>
<script>window.widgetlib.initHelpPanels(document, window.helpPanelSettings);</script>
</body>
</html>`;
}
