/** The class of a table cell whose editor is open (inline editing). */
export const CELL_EDITING_CLASS = 'widgetlib-inline-editing';

/** Whether a cell of `table` has its editor open: redrawing the table now would take the typing away. */
export function hasOpenCellEditor(table: HTMLElement): boolean {
  return table.querySelector(`.${CELL_EDITING_CLASS}`) !== null;
}
