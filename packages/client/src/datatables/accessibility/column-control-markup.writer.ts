import type { DataTableTexts } from '../../texts/index.js';
import { nameControl } from './markup-attributes.writer.js';

/**
 * The title of the column a ColumnControl control belongs to: that of its header cell (a search row's
 * cell has none of its own: the title row's cell of the same column has it), or, in a dropdown, of
 * the cell whose button opened it.
 */
function columnTitle(control: Element, root: ParentNode): string {
  const cell =
    control.closest('[data-dt-column]') ??
    root.querySelector('.dtcc-button_dropdown[aria-expanded="true"]')?.closest('[data-dt-column]');
  const index = cell?.getAttribute('data-dt-column');
  const head = cell?.closest('thead');
  if (!head || index === null || index === undefined) return '';
  return head.querySelector(`[data-dt-column="${index}"] .dt-column-title`)?.textContent?.trim() ?? '';
}

/**
 * ColumnControl's markup under `root` made accessible: a search's logic select and value input, in
 * a header cell or a dropdown, are named after their column (a list's search box has its placeholder).
 */
export function writeColumnControlMarkup(root: ParentNode, texts: DataTableTexts): void {
  for (const search of root.querySelectorAll('.dtcc-search')) {
    const title = columnTitle(search, root);
    for (const select of search.querySelectorAll('select')) {
      nameControl(
        select,
        title ? texts.columnSearchCondition.replace('{column}', title) : texts.searchBuilderCondition,
      );
    }
    for (const input of search.querySelectorAll('input')) {
      nameControl(input, title ? texts.columnSearchValue.replace('{column}', title) : texts.searchBuilderValue);
    }
  }
}
