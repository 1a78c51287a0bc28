import {
  COLLATION_LANGUAGES,
  TAILORED_LANGUAGES,
  type CollationLanguage,
  type TailoredLanguage,
} from './collation-language.types.js';

/** The language whose order `language` follows: itself when tailored, `root` otherwise. */
export function collationOf(language: CollationLanguage): TailoredLanguage | 'root' {
  return (TAILORED_LANGUAGES as readonly string[]).includes(language) ? (language as TailoredLanguage) : 'root';
}

/** Why `language` cannot be a `collationLanguage` (`where` names the option), or null when it can. */
export function collationLanguageProblem(where: string, language: unknown): string | null {
  return typeof language === 'string' && (COLLATION_LANGUAGES as readonly string[]).includes(language)
    ? null
    : `${where} must be one of ${COLLATION_LANGUAGES.join(', ')} (the languages whose order of text every ` +
        `database follows), not ${JSON.stringify(language) ?? String(language)}`;
}
