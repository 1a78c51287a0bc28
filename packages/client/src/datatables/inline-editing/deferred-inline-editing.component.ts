import type { Api } from 'datatables.net';
import type { InlineEditingControl, InlineEditingSetup } from './inline-editing.options.js';
import { loadInlineEditing } from './inline-editing.loader.js';

const UNAVAILABLE_CLASS = 'widgetlib-inline-unavailable';

/**
 * The table's inline editing, its part loaded at once while the table starts; a refresh asked
 * meanwhile is done once it is there. When the part cannot be loaded and the user may edit, the
 * table says so above itself.
 */
export function deferInlineEditing(api: Api, setup: InlineEditingSetup): InlineEditingControl {
  let control: InlineEditingControl | null = null;
  let failed = false;
  const sayUnavailable = () => {
    const container = api.table().container() as HTMLElement | null;
    if (!container || !setup.permitted() || container.querySelector(`:scope > .${UNAVAILABLE_CLASS}`)) return;
    const notice = document.createElement('div');
    notice.className = UNAVAILABLE_CLASS;
    notice.setAttribute('role', 'alert');
    notice.textContent = setup.texts().partUnavailable;
    container.prepend(notice);
  };
  loadInlineEditing().then(
    ({ installInlineEditing }) => {
      control = installInlineEditing(api, setup);
    },
    (error: unknown) => {
      console.warn('widgetlib inline editing:', error);
      failed = true;
      sayUnavailable();
    },
  );
  return {
    refresh() {
      if (control) control.refresh();
      else if (failed) sayUnavailable();
    },
  };
}
