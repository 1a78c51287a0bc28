import { languageText, languageTextProblem, type LanguageTexts } from '../../common/messages/index.js';
import type { ChoiceLabels } from './cell-label.format.js';

/**
 * One value of a field and the label the table shows for it: `['cd', 'CD']`, or the label per
 * language by BCP 47 tag, the default language's (`en`) among them: `['vinyl', { en: 'Vinyl', es: 'Vinilo' }]`.
 */
export type DataTableChoice = readonly [value: string | number | boolean, label: LanguageTexts];

/** The declared labels of one field's values, keyed by the value as text; per language where declared so. */
export type DeclaredChoiceLabels = ReadonlyMap<string, LanguageTexts>;

/** `DataTableOptions.choices`: the labels of some fields' values, keyed by path (`format`, `artist__country`). */
export type DataTableChoices = Readonly<Record<string, readonly DataTableChoice[]>>;

/** The most characters of a choice's label. */
export const MAX_CHOICE_LABEL_LENGTH = 200;

/**
 * The labels of each path's values (the value as text to its label), or the mistakes in them: a
 * choice that is not a `[value, label]` pair, an empty or overlong label (in any language), labels by
 * language without the default language's, a value listed twice. Whether each path is a field is
 * checked where paths are resolved.
 */
export function parseChoices(choices: DataTableChoices | undefined): {
  labels: Map<string, DeclaredChoiceLabels>;
  problems: string[];
} {
  const labels = new Map<string, DeclaredChoiceLabels>();
  const problems: string[] = [];
  if (choices === undefined) return { labels, problems };
  if (typeof choices !== 'object' || choices === null || Array.isArray(choices)) {
    return { labels, problems: ['choices must be an object of paths to [value, label] pairs'] };
  }
  for (const [path, list] of Object.entries(choices)) {
    if (!Array.isArray(list)) {
      problems.push(`choices.${path} must be a list of [value, label] pairs`);
      continue;
    }
    const byValue = new Map<string, LanguageTexts>();
    for (const choice of list as unknown[]) {
      const [value, label] = Array.isArray(choice) ? (choice as unknown[]) : [];
      const valid =
        Array.isArray(choice) &&
        choice.length === 2 &&
        ['string', 'number', 'boolean'].includes(typeof value) &&
        (typeof label === 'string' || (typeof label === 'object' && label !== null && !Array.isArray(label)));
      if (!valid) {
        problems.push(`choices.${path}: ${JSON.stringify(choice) ?? String(choice)} is not a [value, label] pair`);
        continue;
      }
      const text = String(value as string | number | boolean);
      const problem = languageTextProblem(label, `choices.${path}: the label of ${text}`, MAX_CHOICE_LABEL_LENGTH);
      if (problem) {
        problems.push(problem);
      } else if (byValue.has(text)) {
        problems.push(`choices.${path} lists the value ${text} twice`);
      } else {
        byValue.set(text, label as LanguageTexts);
      }
    }
    labels.set(path, byValue);
  }
  return { labels, problems };
}

/** Each path's labels in the reader's language (`languages`, best first; see {@link languageText}). */
export function choiceLabelsIn(
  choices: ReadonlyMap<string, DeclaredChoiceLabels>,
  languages: readonly string[],
): Map<string, ChoiceLabels> {
  return new Map(
    [...choices].map(([path, labels]) => [
      path,
      new Map([...labels].map(([value, label]) => [value, languageText(label, languages)])),
    ]),
  );
}
