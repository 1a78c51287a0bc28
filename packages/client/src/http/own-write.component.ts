/**
 * The DOM event a page sends as it writes through the library (an inline edit, a trash restore, a
 * bulk action, a history restore), so that its live tables reload quietly instead of reporting the
 * change as another's. An event, not a module variable: each lazily loaded part is its own bundle.
 */
export const OWN_WRITE_EVENT = 'widgetlib:own-write';

export function noteOwnWrite(): void {
  document.dispatchEvent(new CustomEvent(OWN_WRITE_EVENT));
}
