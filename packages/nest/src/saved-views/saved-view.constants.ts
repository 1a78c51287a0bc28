/** The longest table id (`@DataTable({ id })`). */
export const SAVED_VIEW_TABLE_ID_MAX_LENGTH = 100;
/** A table id: letters, digits, `-`, `_` and `.`. */
export const SAVED_VIEW_TABLE_ID_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;
/** The longest view name, in characters. */
export const SAVED_VIEW_NAME_MAX_LENGTH = 100;
/** The largest state, as UTF-8 JSON. */
export const SAVED_VIEW_MAX_STATE_BYTES = 32 * 1024;
/** The most views one user keeps for one table. */
export const SAVED_VIEWS_PER_TABLE = 100;
