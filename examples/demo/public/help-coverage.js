// The admin sections of the help entries page (users with change permission): which labelled fields
// of each view have help (GET /api/help/coverage/, and DELETE /api/help/coverage/<view>/ to clear
// what readers reported), and how readers use a view's help (GET /api/help/usage/). Every name comes from the server and is put in the page as text.
(() => {
  const config = JSON.parse(document.getElementById('help-entries-config').textContent);
  if (!config.can.change) return;
  const { send } = demo;

  const element = (tag, text, className) => {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  };
  const languageLabel = (language) => language ?? 'every language';

  /** `nameOf(item)`, when given, is the field's name: the item shows its label, the name as its tooltip. */
  function fieldList(items, describe, nameOf) {
    if (items.length === 0) return element('span', 'none', 'muted');
    const list = element('ul', undefined, 'field-list');
    for (const item of items) {
      const entry = element('li', describe(item));
      if (nameOf) entry.title = nameOf(item);
      list.append(entry);
    }
    return list;
  }

  function coverageRow(view) {
    // Fields by the label their page shows (the name where no page reported a label yet).
    const labelOf = (name) => (Object.hasOwn(view.labels ?? {}, name) ? view.labels[name] : name);
    const row = element('tr');
    const name = element('th', view.id_view);
    name.scope = 'row';
    if (!view.registered) name.append(element('span', ' (no route carries this view name)', 'muted'));
    const withHelp = element('td');
    withHelp.append(
      fieldList(
        view.with_help,
        (field) => `${labelOf(field.question_name)}: ${field.languages.map(languageLabel).join(', ')}`,
        (field) => field.question_name,
      ),
    );
    const withoutHelp = element('td');
    withoutHelp.append(fieldList(view.without_help, labelOf, (field) => field));
    if (view.without_help.length > 0) withoutHelp.classList.add('coverage-missing');
    // Readers' pages report their fields; made-up names someone sent are cleared here, and real
    // fields come back as readers open the view's pages.
    const actions = element('td');
    const clear = element('button', 'Clear', 'button small secondary');
    clear.type = 'button';
    clear.dataset.clearView = view.id_view;
    clear.setAttribute('aria-label', `Clear the reported fields of ${view.id_view}`);
    actions.append(clear);
    row.append(name, withHelp, withoutHelp, actions);
    return row;
  }

  const usageSection = document.getElementById('help-usage');
  const usageView = document.getElementById('help-usage-view');
  const usageStatus = document.getElementById('help-usage-status');
  const usageLists = document.getElementById('help-usage-lists');

  function usageList(title, items, describe) {
    const block = element('div', undefined, 'usage-block');
    block.append(element('h3', title), fieldList(items, describe));
    return block;
  }

  async function showUsage(idView) {
    usageLists.replaceChildren();
    try {
      const usage = await send('GET', `${config.usageUrl}?id_view=${encodeURIComponent(idView)}`);
      usageLists.append(
        usageList('Most opened', usage.most_opened, (entry) => `${entry.question_name}: opened ${entry.opened}×`),
        usageList(
          'Least helpful',
          usage.least_helpful,
          (entry) => `${entry.question_name}: ${entry.not_helpful} no, ${entry.helpful} yes`,
        ),
        usageList('Asked about', usage.asked, (field) => `${field.question_name}: ${field.clicks}×`),
        usageList('Asked about, without help', usage.missing, (field) => `${field.question_name}: ${field.clicks}×`),
      );
      usageStatus.textContent = '';
    } catch (error) {
      // 404: the host has not turned recording on (`helpUsage`).
      if (error.status === 404) usageSection.hidden = true;
      else usageStatus.textContent = error.message;
    }
  }

  const coverageStatus = document.getElementById('help-coverage-status');
  const coverageBody = document.querySelector('#help-coverage-table tbody');

  async function showCoverage(done = '') {
    document.getElementById('help-coverage').hidden = false;
    try {
      const views = await send('GET', config.coverageUrl);
      coverageBody.replaceChildren(...views.map(coverageRow));
      const missing = views.reduce((sum, view) => sum + view.without_help.length, 0);
      coverageStatus.textContent = `${done}${views.length} views, ${missing} fields without help.`;
      usageView.replaceChildren(...views.map((view) => new Option(view.id_view, view.id_view)));
      if (views.length > 0) {
        usageSection.hidden = false;
        await showUsage(usageView.value);
      }
    } catch (error) {
      coverageStatus.textContent = error.message;
    }
  }

  coverageBody.addEventListener('click', async (event) => {
    const button = event.target.closest('button[data-clear-view]');
    if (!button) return;
    const idView = button.dataset.clearView;
    if (!window.confirm(`Clear the fields readers reported for ${idView}?`)) return;
    try {
      await send('DELETE', `${config.coverageUrl}${encodeURIComponent(idView)}/`);
      await showCoverage(`The reported fields of ${idView} were cleared. `);
    } catch (error) {
      coverageStatus.textContent = `The reported fields of ${idView} could not be cleared: ${error.message}`;
    }
  });
  usageView.addEventListener('change', () => showUsage(usageView.value));
  void showCoverage();
})();
