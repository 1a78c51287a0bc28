// Every page of the demo: the help panel in the sidebar footer, the sidebar's menu button on narrow
// screens, the remote-search selects of forms, and the helpers the table pages share (`demo.send`,
// `demo.rowActions`).
const csrfToken = document.querySelector('meta[name="csrf-token"]').content;
// The demo's words in the page's language (src/pages/demo-texts.*.ts), which the layout writes.
const demoTexts = JSON.parse(document.getElementById('demo-texts')?.textContent || '{}');

window.demo = {
  /** A word of the demo, its `{name}` parts replaced by `values`. */
  t(key, values = {}) {
    return (demoTexts[key] ?? key).replace(/\{(\w+)\}/g, (whole, name) =>
      name in values ? String(values[name]) : whole,
    );
  },

  /**
   * A JSON request with the page's CSRF token (and any `headers`); a refused one throws an error
   * with the server's message, its `status` and its JSON `answer`.
   */
  async send(method, url, body, headers = {}) {
    const response = await fetch(url, {
      method,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'X-CSRF-Token': csrfToken,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = response.status === 204 ? null : await response.json().catch(() => null);
    if (!response.ok) {
      // A refusal for want of a permission (its body lists `missingPermissions`) or of a session, in the
      // table's words (not the permission's name); another 403, such as a refused CSRF token, keeps its message.
      const texts = widgetlib.dataTableTexts();
      const words =
        response.status === 401
          ? texts.signedOut
          : Array.isArray(answer?.missingPermissions)
            ? texts.forbidden
            : undefined;
      throw Object.assign(new Error(words ?? [answer?.message ?? response.statusText].flat().join('. ')), {
        status: response.status,
        answer,
      });
    }
    return answer;
  },

  /**
   * The buttons and links of a row: `[{ label, url, className, data, requires }]`, where `data` names
   * a data attribute and `requires` what the user must be allowed (`update`, `delete`: the table
   * hides it unless its answer's permissions grant it).
   */
  rowActions(actions) {
    const { escapeHtml, safeUrl } = widgetlib;
    const parts = actions.flatMap(({ label, url, className, data, requires }) => {
      const safe = safeUrl(url);
      if (!safe) return [];
      const needs = requires ? ` data-widgetlib-requires="${escapeHtml(requires)}" hidden` : '';
      return data
        ? [
            `<button type="button" class="button small ${className}" data-${data}="${escapeHtml(safe)}"${needs}>${escapeHtml(label)}</button>`,
          ]
        : [`<a class="button small ${className}" href="${escapeHtml(safe)}"${needs}>${escapeHtml(label)}</a>`];
    });
    return `<div class="row-actions">${parts.join('')}</div>`;
  },
};
// Authors write help in the demo's two languages.
widgetlib.initHelpPanels(document, { languages: ['en', 'es'] });

// Narrow screens: the menu button of the top bar opens and closes the sidebar (demo.css shows the
// button only there). Escape or a click elsewhere closes it again.
const menuButton = document.querySelector('.menu-toggle');
const sidebar = menuButton && document.getElementById(menuButton.getAttribute('aria-controls'));
if (menuButton && sidebar) {
  const isOpen = () => menuButton.getAttribute('aria-expanded') === 'true';
  const setMenuOpen = (open) => {
    menuButton.setAttribute('aria-expanded', String(open));
    sidebar.classList.toggle('is-open', open);
    if (open) sidebar.querySelector('nav a')?.focus();
  };
  menuButton.addEventListener('click', () => setMenuOpen(!isOpen()));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setMenuOpen(false);
    menuButton.focus();
  });
  document.addEventListener('click', (event) => {
    if (isOpen() && !sidebar.contains(event.target) && !menuButton.contains(event.target)) setMenuOpen(false);
  });
}

for (const select of document.querySelectorAll('select[data-remote-search]')) {
  const url = select.dataset.remoteSearch;
  new TomSelect(select, {
    valueField: 'value',
    labelField: 'text',
    searchField: 'text',
    preload: 'focus',
    load(term, done) {
      fetch(`${url}?term=${encodeURIComponent(term)}`, {
        headers: { accept: 'application/json', 'accept-language': document.documentElement.lang },
      })
        .then((response) => (response.ok ? response.json() : []))
        .then(done, () => done());
    },
  });
}

// The language switch keeps the page's fragment too (`#view=3`), which never reaches the server.
document.querySelector('.language-switch')?.addEventListener('click', (event) => {
  const link = event.target.closest('a[href]');
  if (link && window.location.hash.length > 1) link.hash = window.location.hash;
});
