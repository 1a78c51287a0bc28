import type { Api } from 'datatables.net';

/**
 * Names each ColumnControl menu button after its column (`columnMenu`: "Menu of the Artist column"),
 * and its menu the same while it is open: ColumnControl names them all "More...". The buttons are
 * made on DataTables' init and may be made again: they are named then and on every draw.
 */
export function installColumnControlNames(api: Api, columnMenu: () => string): void {
  const name = (column: string) => columnMenu().replace('{column}', column);
  const nameButtons = (): void => {
    const header = api.table().header();
    for (const button of header.querySelectorAll<HTMLElement>('.dtcc-button_dropdown')) {
      const cell = button.closest('th');
      const title = cell?.querySelector('.dt-column-title')?.textContent?.trim();
      if (title) button.setAttribute('aria-label', name(title));
    }
  };
  nameButtons();
  api.on('draw', nameButtons);
  const nameMenu = (event: Event): void => {
    const button = (event.target as Element).closest<HTMLElement>('.dtcc-button_dropdown');
    const label = button?.getAttribute('aria-label');
    if (!label) return;
    // Opened in this event's turn (ColumnControl's own listener is on the button), at the page's end.
    const menu = [...document.querySelectorAll<HTMLElement>('.dtcc-dropdown[role=dialog]')].pop();
    menu?.setAttribute('aria-label', label);
  };
  // ColumnControl opens its menu on a click, or on the Enter key's keypress.
  api.table().header().addEventListener('click', nameMenu);
  api.table().header().addEventListener('keypress', nameMenu);
}
