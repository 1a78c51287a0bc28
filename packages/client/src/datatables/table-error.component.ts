import type { Api } from 'datatables.net';

/** Replaces the table's rows by one row holding `message` (as text), announced to screen readers. */
export function showTableError(api: Api, message: string): void {
  const body = api.table().body();
  const row = document.createElement('tr');
  row.className = 'widgetlib-dt-error-row';
  const cell = document.createElement('td');
  cell.className = 'widgetlib-dt-error';
  cell.setAttribute('role', 'alert');
  cell.colSpan = Math.max(1, api.columns(':visible').count());
  cell.textContent = message;
  row.append(cell);
  body.replaceChildren(row);
}
