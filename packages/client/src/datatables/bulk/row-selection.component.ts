import type { Api } from 'datatables.net';

/** The part of DataTables' Select extension (2.1 and later) the row selection uses. */
interface SelectApi {
  select: { cumulative?(): { mode: string; rows: string[] } | null; style(style: string): unknown };
  rows(modifier?: object): { deselect(): unknown; ids(): { toArray(): unknown[] } };
}

/** Whether DataTables' Select extension is loaded on this table. */
export function hasSelectExtension(api: Api): boolean {
  return typeof (api as unknown as Partial<SelectApi>).select?.style === 'function';
}

/**
 * The rows picked one by one with Select's checkboxes, across pages: Select keeps the ids of the
 * rows selected on earlier pages (its cumulative selection, by `rowId`) and selects them again
 * when they are drawn.
 */
export class RowSelection {
  private readonly select: SelectApi;

  constructor(api: Api) {
    this.select = api as unknown as SelectApi;
  }

  /** The ids of the picked rows, in the order picked. */
  ids(): string[] {
    const cumulative = this.select.select.cumulative?.();
    if (cumulative && cumulative.mode === 'additive') return [...cumulative.rows];
    return this.select.rows({ selected: true }).ids().toArray().map(String);
  }

  /** Forgets every picked row, those of other pages too. */
  clear(): void {
    this.select.rows().deselect();
    this.select.select.cumulative?.()?.rows.splice(0);
  }

  /** Lets the user pick rows (`multi`), or not (`api`: only code selects). */
  enable(enabled: boolean): void {
    this.select.select.style(enabled ? 'multi' : 'api');
  }
}
