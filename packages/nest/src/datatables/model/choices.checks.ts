import type { ChoiceLabels } from './cell-label.format.js';

/** One value of a field and the label the table shows for it: `['cd', 'CD']`. */
export type DataTableChoice = readonly [value: string | number | boolean, label: string];

/** `DataTableOptions.choices`: the labels of some fields' values, keyed by path (`format`, `artist__country`). */
export type DataTableChoices = Readonly<Record<string, readonly DataTableChoice[]>>;

/** The most characters of a choice's label. */
export const MAX_CHOICE_LABEL_LENGTH = 200;

/**
 * The labels of each path's values (the value as text to its label), or the mistakes in them: a
 * choice that is not a `[value, label]` pair, an empty or overlong label, a value listed twice.
 * Whether each path is a field is checked where paths are resolved.
 */
export function parseChoices(choices: DataTableChoices | undefined): {
  labels: Map<string, ChoiceLabels>;
  problems: string[];
} {
  const labels = new Map<string, ChoiceLabels>();
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
    const byValue = new Map<string, string>();
    for (const choice of list as unknown[]) {
      const [value, label] = Array.isArray(choice) ? (choice as unknown[]) : [];
      const valid =
        Array.isArray(choice) &&
        choice.length === 2 &&
        ['string', 'number', 'boolean'].includes(typeof value) &&
        typeof label === 'string';
      if (!valid) {
        problems.push(`choices.${path}: ${JSON.stringify(choice) ?? String(choice)} is not a [value, label] pair`);
        continue;
      }
      const text = String(value as string | number | boolean);
      const name = label as string;
      if (name.trim() === '' || name.length > MAX_CHOICE_LABEL_LENGTH) {
        problems.push(`choices.${path}: the label of ${text} must be 1 to ${MAX_CHOICE_LABEL_LENGTH} characters`);
      } else if (byValue.has(text)) {
        problems.push(`choices.${path} lists the value ${text} twice`);
      } else {
        byValue.set(text, name);
      }
    }
    labels.set(path, byValue);
  }
  return { labels, problems };
}
