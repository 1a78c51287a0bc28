import { grants, type TablePermissions } from './table-permissions.parser.js';

/** The attribute that marks a control with what it needs: `data-widgetlib-requires="update"`. */
export const REQUIRES_ATTRIBUTE = 'data-widgetlib-requires';
/** Outside the table, the attribute that names the table a marked control belongs to (its element id). */
export const FOR_TABLE_ATTRIBUTE = 'data-widgetlib-for';

/**
 * The controls marked with {@link REQUIRES_ATTRIBUTE}: inside the table (a row's actions, drawn by
 * render functions) and, outside it, those whose {@link FOR_TABLE_ATTRIBUTE} names the table.
 */
function markedControls(table: HTMLTableElement): HTMLElement[] {
  const inside = [...table.querySelectorAll<HTMLElement>(`[${REQUIRES_ATTRIBUTE}]`)];
  if (!table.id) return inside;
  const selector = `[${REQUIRES_ATTRIBUTE}][${FOR_TABLE_ATTRIBUTE}="${CSS.escape(table.id)}"]`;
  return [...inside, ...document.querySelectorAll<HTMLElement>(selector)];
}

/**
 * Hides (the `hidden` attribute: out of the accessibility tree too) each marked control of the
 * table that `permissions` do not grant, and shows the others. `undefined`: no answer yet, so every
 * marked control stays hidden until the server says.
 */
export function applyPermissionControls(
  table: HTMLTableElement,
  permissions: TablePermissions | null | undefined,
): void {
  for (const control of markedControls(table)) {
    control.hidden = permissions === undefined || !grants(permissions, control.getAttribute(REQUIRES_ATTRIBUTE) ?? '');
  }
}
