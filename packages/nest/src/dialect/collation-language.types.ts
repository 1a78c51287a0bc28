/**
 * The languages whose natural order of text widgetlib knows (`collationLanguage`): `root`, the
 * root collation of Unicode; `es`, Spanish (`ñ` a letter of its own after `n`); `sv`, Swedish (`å`,
 * `ä` and `ö` after `z`, `ü` with `y`). CLDR gives English, German (DIN 5007-1, `ä` with `a`),
 * French (of France), Italian, Portuguese and Dutch no tailoring: they order as `root` does.
 */
export const COLLATION_LANGUAGES = ['root', 'es', 'sv', 'en', 'de', 'fr', 'it', 'pt', 'nl'] as const;

export type CollationLanguage = (typeof COLLATION_LANGUAGES)[number];

/** The languages with an order of their own; every other one orders as `root`. */
export type TailoredLanguage = 'es' | 'sv';

export const TAILORED_LANGUAGES: readonly TailoredLanguage[] = ['es', 'sv'];
