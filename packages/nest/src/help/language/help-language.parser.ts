import { HELP_LANGUAGE_MAX_LENGTH } from '#rules/help-limits.js';

// Languages of help entries: BCP 47 tags in their canonical form, and the order in which a reader's
// languages choose among the entries of one field. Pure: no Nest, no database.

/** The canonical form of a BCP 47 language tag (`es-cr` -> `es-CR`), or `null` when it is none. */
export function canonicalLanguageTag(tag: string): string | null {
  if (tag.length === 0 || tag.length > HELP_LANGUAGE_MAX_LENGTH || tag.trim() !== tag) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical !== undefined && canonical.length <= HELP_LANGUAGE_MAX_LENGTH ? canonical : null;
  } catch {
    return null;
  }
}

export const LANGUAGE_FORMAT = `a BCP 47 language tag such as "es" or "es-CR", at most ${HELP_LANGUAGE_MAX_LENGTH} characters`;

/**
 * A tag and the shorter tags it falls back to, as RFC 4647 lookup truncates it: `zh-Hant-TW`,
 * `zh-Hant`, `zh`. A single-letter subtag (an extension's singleton) goes with the subtag after it.
 */
export function languageFallbacks(tag: string): string[] {
  const subtags = tag.split('-');
  const tags: string[] = [];
  while (subtags.length > 0) {
    tags.push(subtags.join('-'));
    subtags.pop();
    if (subtags.length > 0 && subtags[subtags.length - 1]!.length === 1) subtags.pop();
  }
  return tags;
}

/**
 * The languages an entry may be in, best first, for a reader who prefers `preferred` (best first):
 * each tag with its fallbacks, without repeats, then `null` (entries for every language).
 */
export function languageChain(preferred: readonly string[]): Array<string | null> {
  const chain = new Set<string>();
  for (const tag of preferred) for (const fallback of languageFallbacks(tag)) chain.add(fallback);
  return [...chain, null];
}

/**
 * The languages of an `Accept-Language` header, best first (ties in the header's order); `*`,
 * `q=0` and tags that are not BCP 47 are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const ranked: Array<{ tag: string; quality: number; position: number }> = [];
  header.split(',').forEach((part, position) => {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const qualityParameter = parameters.find((parameter) => /^q=/i.test(parameter));
    const quality = qualityParameter === undefined ? 1 : Number(qualityParameter.slice(2));
    const tag = canonicalLanguageTag(range);
    if (tag !== null && Number.isFinite(quality) && quality > 0 && quality <= 1)
      ranked.push({ tag, quality, position });
  });
  ranked.sort((a, b) => b.quality - a.quality || a.position - b.position);
  return ranked.map(({ tag }) => tag);
}

/** Of the entries of each (`id_view`, `question_name`), the one whose language comes first in `chain`. */
export function chooseByLanguage<T extends { id_view: string; question_name: string; language: string | null }>(
  entries: readonly T[],
  chain: ReadonlyArray<string | null>,
): T[] {
  const rank = (entry: T) => chain.indexOf(entry.language);
  const best = new Map<string, T>();
  for (const entry of entries) {
    if (rank(entry) === -1) continue;
    const key = JSON.stringify([entry.id_view, entry.question_name]);
    const chosen = best.get(key);
    if (!chosen || rank(entry) < rank(chosen)) best.set(key, entry);
  }
  return entries.filter((entry) => best.get(JSON.stringify([entry.id_view, entry.question_name])) === entry);
}
