import type { Api } from 'datatables.net';

/** A cell by its row's id and its column's index: what survives a redraw's new row elements. */
interface CellKey {
  row: string;
  column: number;
}

const MOVES = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * The editable cells of a table as one Tab stop (WAI-ARIA grid pattern, roving tabindex, the table
 * keeping its table semantics): Tab enters at the cell last focused (or the first), Up and Down move
 * to the same column's cell in the row above or below, Left and Right between the row's editable
 * cells, Home and End to the row's first and last (with Ctrl: the page's first and last). When the
 * focus was on a cell (or in its editor) as the table redraws (a reload, a live update), it returns
 * to the same row's cell, or to the cell now at the same place when the row has gone.
 */
export class InlineCellFocus {
  private active: (CellKey & { position: number }) | null = null;
  private focusedBeforeDraw = false;

  constructor(
    private readonly api: Api,
    private readonly editableClass: string,
    private readonly rowId: string,
  ) {
    const table = api.table().node();
    table.addEventListener('focusin', (event) => {
      const cell = (event.target as Element).closest('td');
      if (cell && this.cells().includes(cell)) this.activate(cell);
    });
    table.addEventListener('keydown', (event) => this.onKeydown(event));
    // A column hidden (ColumnControl, Responsive) may have taken the stop with it.
    api.on('column-visibility responsive-resize', () => this.update());
    api.on('preDraw', () => {
      const cell = table.ownerDocument.activeElement?.closest('td');
      this.focusedBeforeDraw = !!cell && this.cells().includes(cell);
    });
  }

  /**
   * Gives the Tab stop to one editable cell (the others are reached by the arrow keys); after a
   * draw that took the focus away from a cell, focuses the cell holding the stop.
   */
  update(): void {
    const cells = this.cells();
    for (const cell of this.cells(true)) cell.tabIndex = -1;
    const stop = this.stop(cells);
    if (stop) stop.tabIndex = 0;
    const refocus = this.focusedBeforeDraw;
    this.focusedBeforeDraw = false;
    // Only when the draw took the focus away with the cell's element: never from another control.
    const focused = stop?.ownerDocument.activeElement;
    if (refocus && stop && (!focused || focused === stop.ownerDocument.body)) stop.focus();
  }

  /** The page's editable cells shown (`hidden`: also in the columns Responsive hides), in their order. */
  private cells(hidden = false): HTMLTableCellElement[] {
    const body = this.api.table().body() as HTMLTableSectionElement | null;
    const selector = `:scope > tr > td.${this.editableClass}${hidden ? '' : ':not(.dtr-hidden)'}`;
    return body ? [...body.querySelectorAll<HTMLTableCellElement>(selector)] : [];
  }

  private keyOf(cell: HTMLTableCellElement): CellKey | null {
    const row = this.api.row(cell.parentElement as HTMLTableRowElement).data() as Record<string, unknown> | undefined;
    const id = row?.[this.rowId];
    return id === undefined || id === null ? null : { row: String(id), column: this.api.cell(cell).index().column };
  }

  private activate(cell: HTMLTableCellElement): void {
    const key = this.keyOf(cell);
    if (!key) return;
    const rows = this.rows();
    this.active = { ...key, position: rows.indexOf(cell.parentElement as HTMLTableRowElement) };
    for (const each of this.cells(true)) each.tabIndex = each === cell ? 0 : -1;
  }

  /** The rows holding editable cells, in the order they are shown. */
  private rows(): HTMLTableRowElement[] {
    return [...new Set(this.cells().map((cell) => cell.parentElement as HTMLTableRowElement))];
  }

  /** The cell holding the Tab stop: the active one, else (after a draw that lost its row) its place's. */
  private stop(cells: HTMLTableCellElement[]): HTMLTableCellElement | undefined {
    const active = this.active;
    if (!active) return cells[0];
    const keyed = cells.map((cell) => ({ cell, key: this.keyOf(cell) }));
    const same = keyed.find(({ key }) => key?.row === active.row && key.column === active.column);
    if (same) return same.cell;
    const sameRow = keyed.find(({ key }) => key?.row === active.row);
    if (sameRow) return sameRow.cell;
    if (!this.focusedBeforeDraw) return cells[0];
    const rows = this.rows();
    const row = rows[Math.min(active.position, rows.length - 1)];
    return (
      keyed.find(({ cell, key }) => cell.parentElement === row && key?.column === active.column)?.cell ??
      cells.find((cell) => cell.parentElement === row)
    );
  }

  private onKeydown(event: KeyboardEvent): void {
    if (!MOVES.has(event.key) || event.altKey || event.metaKey || event.shiftKey) return;
    const cell = event.target as HTMLElement;
    const cells = this.cells();
    if (!(cell instanceof HTMLTableCellElement) || !cells.includes(cell)) return;
    if (event.ctrlKey && event.key !== 'Home' && event.key !== 'End') return;
    const row = cell.parentElement as HTMLTableRowElement;
    const inRow = cells.filter((each) => each.parentElement === row);
    const at = inRow.indexOf(cell);
    let next: HTMLTableCellElement | undefined;
    if (event.ctrlKey) next = event.key === 'Home' ? cells[0] : cells.at(-1);
    else if (event.key === 'ArrowLeft') next = inRow[at - 1];
    else if (event.key === 'ArrowRight') next = inRow[at + 1];
    else if (event.key === 'Home') next = inRow[0];
    else if (event.key === 'End') next = inRow.at(-1);
    else next = this.vertical(cells, cell, event.key === 'ArrowDown' ? 1 : -1);
    // At an edge the focus stays where it is, and the page does not scroll either.
    event.preventDefault();
    next?.focus();
  }

  /** The same column's cell in the nearest row above (`-1`) or below (`1`) that has one. */
  private vertical(cells: HTMLTableCellElement[], cell: HTMLTableCellElement, step: 1 | -1) {
    const column = this.api.cell(cell).index().column;
    const rows = this.rows();
    for (let at = rows.indexOf(cell.parentElement as HTMLTableRowElement) + step; rows[at]; at += step) {
      const found = cells.find(
        (each) => each.parentElement === rows[at] && this.api.cell(each).index().column === column,
      );
      if (found) return found;
    }
    return undefined;
  }
}
