import type { Api } from 'datatables.net';
import { dataTableEngine } from '../core/index.js';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type=hidden])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** What the keyboard can reach in `root`, in document order (disabled and hidden controls left out). */
export function focusablesIn(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0 && !element.closest('[hidden], [inert]'),
  );
}

interface OpenPopover {
  button: HTMLElement;
  popover: HTMLElement;
}

type SelectKeys = { select?: { keys?: (flag?: boolean) => boolean | Api } };

/**
 * The pane tables of SearchPanes take the keyboard (DataTables Select's `keys`: Tab or the arrow keys
 * move between options, Space or Enter selects); each is set once.
 */
function paneKeys(popover: HTMLElement): void {
  const engine = dataTableEngine() as unknown as { Api: new (selector: Element) => Api & SelectKeys };
  for (const table of popover.querySelectorAll('.dtsp-searchPane table.dataTable')) {
    const pane = new engine.Api(table);
    // A table DataTables does not run (a scrolling header's copy) gives an empty API.
    if ((pane as unknown as { context: unknown[] }).context.length === 0) continue;
    if (typeof pane.select?.keys === 'function' && pane.select.keys() !== true) pane.select.keys(true);
  }
}

/**
 * Keyboard use of the popovers DataTables' Buttons opens from the table's buttons (SearchPanes,
 * SearchBuilder, collections): opening one moves the focus into it (its first field, else its first
 * control), Tab and Shift+Tab go round what it holds (Buttons' own loop knows only links and buttons,
 * and stopped on SearchPanes' disabled first button), and closing it (Escape, its close mark) gives
 * the focus back to the button that opened it.
 */
export function installPopoverFocus(api: Api): void {
  const container = api.table().container();
  let open: OpenPopover | null = null;

  const enter = (button: HTMLElement): void => {
    const popover = [...document.querySelectorAll<HTMLElement>('.dt-button-collection')].pop();
    if (!popover) return;
    open = { button, popover };
    // Buttons fades the popover in: its controls can take the focus once it is displayed.
    requestAnimationFrame(() => {
      if (open?.popover !== popover) return;
      paneKeys(popover);
      const items = focusablesIn(popover);
      const field = items.find((item) => item.matches('input, select, textarea'));
      (field ?? items[0])?.focus();
    });
  };

  const leave = (button: HTMLElement): void => {
    const was = open;
    if (was?.button !== button) return;
    open = null;
    const active = document.activeElement;
    if (!active || active === document.body || was.popover.contains(active)) button.focus();
  };

  // Buttons marks the opening button `aria-expanded="true"` (each time); it resets only those that
  // also have `aria-haspopup`, so a closed popover is known by its leaving the page, or by Escape.
  new MutationObserver((changes) => {
    for (const change of changes) {
      const target = change.target as HTMLElement;
      if (
        change.type === 'attributes' &&
        target.getAttribute('aria-expanded') === 'true' &&
        target.closest('.dt-buttons')
      )
        enter(target);
    }
    if (open && !open.popover.isConnected) leave(open.button);
  }).observe(container, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-expanded'] });
  // Buttons closes on Escape's keyup, on the body: after it, the focus goes back.
  const onKeyup = (event: KeyboardEvent): void => {
    if (open && event.key === 'Escape') leave(open.button);
  };
  document.addEventListener('keyup', onKeyup);

  const onKeydown = (event: KeyboardEvent): void => {
    const shown = open;
    if (!shown || event.key !== 'Tab' || !shown.popover.isConnected) return;
    const items = focusablesIn(shown.popover);
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = event.shiftKey ? -1 : 1;
    const next = at === -1 ? (event.shiftKey ? items.length - 1 : 0) : (at + step + items.length) % items.length;
    event.preventDefault();
    event.stopPropagation();
    items[next]!.focus();
  };
  document.addEventListener('keydown', onKeydown, true);
  // SearchPanes draws its panes again as the table's answers come: new pane tables take the keys too.
  api.on('draw', () => {
    if (open) paneKeys(open.popover);
  });
  api.on('destroy', () => {
    document.removeEventListener('keydown', onKeydown, true);
    document.removeEventListener('keyup', onKeyup);
  });
}
