import type { Api } from 'datatables.net';

const ERROR_CLASS = 'widgetlib-dt-export-error';

/** Shows `message` above the table, replacing an earlier one; null removes it. */
export function showExportError(api: Api, message: string | null): void {
  const container = api.table().container();
  container.querySelector(`:scope > .${ERROR_CLASS}`)?.remove();
  if (message === null) return;
  const notice = document.createElement('div');
  notice.className = ERROR_CLASS;
  notice.setAttribute('role', 'alert');
  notice.textContent = message;
  container.prepend(notice);
}
