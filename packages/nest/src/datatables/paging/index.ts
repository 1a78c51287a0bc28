export { PAGE_KEY, readTablePage } from './table-page.query.js';
export {
  cursorFingerprint,
  encodeCursor,
  CURSOR_PARAMETER,
  readCursor,
  type CursorScope,
} from './keyset-cursor.format.js';
export { walkTableRows } from './table-rows.query.js';
