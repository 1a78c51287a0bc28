import type { DataTableTexts } from '../../texts/index.js';
import { dropRole, keyboardScrollable, setAttributes } from './markup-attributes.writer.js';

/**
 * SearchPanes' markup under `root` made accessible: its container is no `menu` (Buttons' popover
 * marks it so), and each pane's list, which scrolls, is a named region a keyboard can reach and scroll.
 */
export function writeSearchPanesMarkup(root: ParentNode, texts: DataTableTexts): void {
  for (const container of root.querySelectorAll('.dtsp-panesContainer')) dropRole(container, 'menu');
  for (const pane of root.querySelectorAll('.dtsp-searchPane')) {
    const list = pane.querySelector<HTMLElement>('.dt-scroll-body');
    if (!list) continue;
    // The pane's search box shows the pane's title as its placeholder.
    const title = pane.querySelector<HTMLInputElement>('input.dtsp-search')?.placeholder ?? '';
    setAttributes(list, { role: 'region', 'aria-label': texts.searchPaneOptions.replace('{pane}', title) });
    keyboardScrollable(list);
  }
}
