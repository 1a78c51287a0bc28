/**
 * The DOM event a page sends as it writes through the library (an inline edit, a trash restore, a
 * bulk action, a history restore), so that its live tables take the notice of that write for the
 * write they already show instead of reporting it as another's. An event, not a module variable:
 * each lazily loaded part is its own bundle.
 */
export const OWN_WRITE_EVENT = 'widgetlib:own-write';

/** What an own write tells: the keys of the rows written, or null when they are not known. */
export interface OwnWrite {
  keys: string[] | null;
}

export function noteOwnWrite(keys: ReadonlyArray<string | number> | null = null): void {
  const detail: OwnWrite = { keys: keys ? keys.map(String) : null };
  document.dispatchEvent(new CustomEvent(OWN_WRITE_EVENT, { detail }));
}
