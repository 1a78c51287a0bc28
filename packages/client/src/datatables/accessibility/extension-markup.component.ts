import type { Api } from 'datatables.net';
import type { DataTableTexts } from '../../texts/index.js';
import { writeColumnControlMarkup } from './column-control-markup.writer.js';
import { writeSearchBuilderMarkup } from './search-builder-markup.writer.js';
import { writeSearchPanesMarkup } from './search-panes-markup.writer.js';

const WRITERS = [writeSearchPanesMarkup, writeSearchBuilderMarkup, writeColumnControlMarkup];

/**
 * Keeps the markup DataTables' extensions write into the table's container accessible (roles,
 * accessible names, keyboard-scrollable lists; see the writers). The writers run at once and
 * whenever elements are added to or removed from the container: an extension starting, its popover
 * or dropdown opening, a SearchBuilder condition added or rebuilt, a draw of the table or of a
 * pane. They only set what differs, and attributes are not observed: what they write does not wake
 * the observer again.
 */
export function installExtensionMarkup(api: Api, texts: () => Readonly<DataTableTexts>): void {
  const start = (container: HTMLElement) => {
    const write = () => {
      const words = texts();
      for (const writer of WRITERS) writer(container, words);
    };
    const observer = new MutationObserver(write);
    observer.observe(container, { childList: true, subtree: true });
    api.on('destroy', () => observer.disconnect());
    write();
  };
  // DataTables may build its container after the constructor returns (its first request leaves first).
  const container = api.table().container() as HTMLElement | null | undefined;
  if (container) start(container);
  else api.one('init', () => start(api.table().container()));
}
