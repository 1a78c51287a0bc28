import type { Api } from 'datatables.net';

/** Puts `node` just before the table's DataTables container (DataTables 2.3 and 3 both have `.dt-container`). */
export function placeBeforeTable(api: Api, node: HTMLElement): void {
  const table = api.table().node();
  (table.closest('.dt-container') ?? table).before(node);
}
