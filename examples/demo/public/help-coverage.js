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
  const languageLabel = (language) => language ?? demo.t('help.everyLanguage').toLowerCase();

  /** `nameOf(item)`, when given, is the field's name: the item shows its label, the name as its tooltip. */
  function fieldList(items, describe, nameOf) {
    if (items.length === 0) return element('span', demo.t('coverage.none'), 'muted');
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
    if (!view.registered) name.append(element('span', demo.t('coverage.unregistered'), 'muted'));
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
    const clear = element('button', demo.t('coverage.clear'), 'button small secondary');
    clear.type = 'button';
    clear.dataset.clearView = view.id_view;
    clear.setAttribute('aria-label', demo.t('coverage.clearLabel', { view: view.id_view }));
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
        usageList(demo.t('usage.mostOpened'), usage.most_opened, (entry) =>
          demo.t('usage.opened', { field: entry.question_name, count: entry.opened }),
        ),
        usageList(demo.t('usage.leastHelpful'), usage.least_helpful, (entry) =>
          demo.t('usage.helpfulness', { field: entry.question_name, no: entry.not_helpful, yes: entry.helpful }),
        ),
        usageList(demo.t('usage.askedAbout'), usage.asked, (field) =>
          demo.t('usage.clicks', { field: field.question_name, count: field.clicks }),
        ),
        usageList(demo.t('usage.askedWithoutHelp'), usage.missing, (field) =>
          demo.t('usage.clicks', { field: field.question_name, count: field.clicks }),
        ),
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
      coverageStatus.textContent = done + demo.t('coverage.summary', { views: views.length, missing });
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
    if (!window.confirm(demo.t('coverage.confirmClear', { view: idView }))) return;
    try {
      await send('DELETE', `${config.coverageUrl}${encodeURIComponent(idView)}/`);
      await showCoverage(demo.t('coverage.cleared', { view: idView }));
    } catch (error) {
      coverageStatus.textContent = demo.t('coverage.clearFailed', { view: idView, error: error.message });
    }
  });
  usageView.addEventListener('change', () => showUsage(usageView.value));
  void showCoverage();
})();
