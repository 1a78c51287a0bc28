// The help API's limits (docs/design.md 2.2): the server validates with them, the panel's form uses them.
export const HELP_ID_VIEW_MAX_LENGTH = 255;
export const HELP_QUESTION_NAME_MAX_LENGTH = 255;
export const HELP_TITLE_MAX_LENGTH = 350;
/** Characters of `help_text`, as sent and as stored after sanitising. */
export const HELP_TEXT_MAX_LENGTH = 100_000;
/**
 * How deep elements may nest in `help_text`. Real help needs a handful of levels (a table in a list
 * item in a block quote); very deep trees only cost the server and every browser that shows them.
 */
export const HELP_TEXT_MAX_DEPTH = 100;
/** Characters of a help entry's `language`, a BCP 47 tag (RFC 5646 asks for room for 35 at least). */
export const HELP_LANGUAGE_MAX_LENGTH = 35;
