export { PAGE_KEY, readTablePage, type PageRows, type PageWindow } from './table-page.query.js';
export {
  offsetPagePlan,
  REVERSED_READ_MIN_OFFSET,
  reversedWindow,
  samePagePlan,
  type OffsetPagePlan,
  type ReversedWindow,
} from './page-window.writer.js';
export {
  cursorFingerprint,
  encodeCursor,
  CURSOR_PARAMETER,
  readCursor,
  type CursorScope,
} from './keyset-cursor.format.js';
export { walkOrderedRows, walkTableRows } from './table-rows.query.js';
