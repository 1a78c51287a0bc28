import type { Api } from 'datatables.net';
import type { ShownRequest } from '../core/index.js';
import type { BulkActionsControl, BulkActionsOptions, DataTableBulkAction } from './bulk-actions.component.js';
import { loadBulkActions } from './bulk-actions.loader.js';

const UNAVAILABLE_CLASS = 'widgetlib-dt-bulk-unavailable';

/**
 * `addBulkActions` with its bar loaded at once, while the table starts (it stays hidden until an
 * answer says which actions the user may use): what the table tells it meanwhile is kept for it.
 * When the bar cannot be loaded, a permitted action's absence is said above the table.
 */
export function deferBulkActions(
  api: Api,
  actions: readonly DataTableBulkAction[],
  options: BulkActionsOptions,
): BulkActionsControl {
  let control: BulkActionsControl | null = null;
  let failed = false;
  let shown: ShownRequest | null = null;
  let allowed: (action: DataTableBulkAction) => boolean = () => false;
  const sayUnavailable = () => {
    const container = api.table().container();
    if (!actions.some(allowed) || container.querySelector(`:scope > .${UNAVAILABLE_CLASS}`)) return;
    const texts = options.texts();
    const notice = document.createElement('div');
    notice.className = UNAVAILABLE_CLASS;
    notice.setAttribute('role', 'alert');
    notice.textContent = `${texts.bulkFailed} ${texts.partUnavailable}`;
    container.prepend(notice);
  };
  loadBulkActions().then(
    ({ addBulkActions }) => {
      control = addBulkActions(api, actions, options);
      control.permit(allowed);
      control.show(shown);
    },
    (error: unknown) => {
      console.warn('widgetlib bulk actions:', error);
      failed = true;
      sayUnavailable();
    },
  );
  return {
    show(next) {
      shown = next;
      control?.show(next);
    },
    permit(next) {
      allowed = next;
      if (control) control.permit(next);
      else if (failed) sayUnavailable();
    },
  };
}
