// Every page of the demo: the help panel in the sidebar footer, and the remote-search selects of forms.
widgetlib.initHelpPanels();

for (const select of document.querySelectorAll('select[data-remote-search]')) {
  const url = select.dataset.remoteSearch;
  new TomSelect(select, {
    valueField: 'value',
    labelField: 'text',
    searchField: 'text',
    preload: 'focus',
    load(term, done) {
      fetch(`${url}?term=${encodeURIComponent(term)}`, { headers: { accept: 'application/json' } })
        .then((response) => (response.ok ? response.json() : []))
        .then(done, () => done());
    },
  });
}
