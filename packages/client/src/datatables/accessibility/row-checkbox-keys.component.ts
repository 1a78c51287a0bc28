import type { Api } from 'datatables.net';

interface SelectableRow {
  select?(): unknown;
  deselect?(): unknown;
  selected?(): boolean;
}

interface RowSelect {
  row(node: Element): SelectableRow;
}

const CHECKBOX = 'input.dt-select-checkbox';

/**
 * Space on a row's checkbox (DataTables Select's `selectRow` column) selects or deselects its row:
 * Select acts on the mouse's clicks only, and the checkbox's own change did not reach it.
 */
export function installRowCheckboxKeys(api: Api): void {
  const body = api.table().body();
  body.addEventListener('keydown', (event) => {
    const target = event.target as Element;
    if (event.key !== ' ' || !target.matches(CHECKBOX)) return;
    const row = (api as unknown as RowSelect).row(target.closest('tr')!);
    if (typeof row.selected !== 'function') return;
    event.preventDefault();
    if (row.selected()) row.deselect?.();
    else row.select?.();
  });
  // The checkbox would also toggle itself on the key's release.
  body.addEventListener('keyup', (event) => {
    if (event.key === ' ' && (event.target as Element).matches(CHECKBOX)) event.preventDefault();
  });
}
