/** Records, in the page, what the live stream tells it (its `change` and `reload` events). */
export const RECORD_LIVE_EVENTS = `
  window.liveEvents = [];
  // The keys of the rows marked changed, however briefly.
  window.markedRows = [];
  new MutationObserver((records) => {
    for (const record of records) {
      const row = record.target;
      if (row.classList && row.classList.contains('widgetlib-live-changed')) window.markedRows.push(row.textContent);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url, init) {
      super(url, init);
      this.addEventListener('ready', () => (window.liveReady = true));
      for (const type of ['change', 'reload']) {
        this.addEventListener(type, (event) => window.liveEvents.push({ type, data: event.data }));
      }
    }
  };
`;
