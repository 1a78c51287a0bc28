// The help API's limits (DESIGN.md 2.2), mirrored so that the form refuses what the server would.
export const HELP_TITLE_MAX_LENGTH = 350;
export const HELP_TEXT_MAX_LENGTH = 100_000;
