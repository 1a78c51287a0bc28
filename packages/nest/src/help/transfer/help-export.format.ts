import {
  HELP_ID_VIEW_MAX_LENGTH,
  HELP_QUESTION_NAME_MAX_LENGTH,
  HELP_TEXT_MAX_LENGTH,
  HELP_TITLE_MAX_LENGTH,
} from '#rules/help-limits.js';
import { canonicalLanguageTag, LANGUAGE_FORMAT } from '../language/index.js';

// The file format that moves help between environments, and its checks. Pure: no Nest, no database.

export const HELP_EXPORT_FORMAT = 'widgetlib-help';
/** Raised when the format changes in a way an older import could not read. */
export const HELP_EXPORT_SCHEMA_VERSION = 1;

/** One entry as exported: what identifies it and what it says; no id, no version. */
export interface HelpExportEntry {
  id_view: string;
  question_name: string;
  language: string | null;
  help_title: string;
  help_text: string;
}

export interface HelpExport {
  format: typeof HELP_EXPORT_FORMAT;
  schemaVersion: typeof HELP_EXPORT_SCHEMA_VERSION;
  exportedAt: string;
  /** Ordered by `id_view`, `question_name`, then `language` (null first), so that two exports diff well. */
  entries: HelpExportEntry[];
}

/** The key an import matches entries by: (`id_view`, `question_name`, `language`). */
export function helpEntryKey(entry: Pick<HelpExportEntry, 'id_view' | 'question_name' | 'language'>): string {
  return JSON.stringify([entry.id_view, entry.question_name, entry.language ?? '']);
}

export function compareExportEntries(a: HelpExportEntry, b: HelpExportEntry): number {
  const byCodePoint = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (
    byCodePoint(a.id_view, b.id_view) ||
    byCodePoint(a.question_name, b.question_name) ||
    byCodePoint(a.language ?? '', b.language ?? '')
  );
}

const PLAIN_FIELDS = {
  id_view: HELP_ID_VIEW_MAX_LENGTH,
  question_name: HELP_QUESTION_NAME_MAX_LENGTH,
  help_title: HELP_TITLE_MAX_LENGTH,
} as const;

function entryProblems(value: unknown, at: string): { entry?: HelpExportEntry; problems: string[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problems: [`${at} must be an object`] };
  const record = value as Record<string, unknown>;
  const problems = Object.keys(record)
    .filter((key) => !['id_view', 'question_name', 'language', 'help_title', 'help_text'].includes(key))
    .map((key) => `${at}.${key} is not a field of a help entry`);
  const plain: Record<string, string> = {};
  for (const [field, maxLength] of Object.entries(PLAIN_FIELDS)) {
    const text = record[field];
    if (typeof text !== 'string' || text.trim() === '') problems.push(`${at}.${field} must be a non-empty string`);
    else if (text.trim().length > maxLength) problems.push(`${at}.${field} must be at most ${maxLength} characters`);
    else plain[field] = text.trim();
  }
  const helpText = record.help_text ?? '';
  if (typeof helpText !== 'string') problems.push(`${at}.help_text must be a string`);
  else if (helpText.length > HELP_TEXT_MAX_LENGTH) {
    problems.push(`${at}.help_text must be at most ${HELP_TEXT_MAX_LENGTH} characters`);
  }
  const rawLanguage = record.language ?? null;
  const language = typeof rawLanguage === 'string' ? canonicalLanguageTag(rawLanguage) : null;
  if (rawLanguage !== null && language === null) problems.push(`${at}.language must be null or ${LANGUAGE_FORMAT}`);
  if (problems.length > 0) return { problems };
  return {
    entry: {
      id_view: plain.id_view!,
      question_name: plain.question_name!,
      language,
      help_title: plain.help_title!,
      help_text: helpText as string,
    },
    problems,
  };
}

/**
 * The entries of an export file, checked as the API checks a body (plain-text fields trimmed,
 * languages canonical), or every problem found, each naming where it is. A file of more than
 * `maxEntries` entries is refused before any of them is read.
 */
export function parseHelpExport(
  value: unknown,
  maxEntries = Number.POSITIVE_INFINITY,
): { entries: HelpExportEntry[] } | { problems: string[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problems: ['the file must be a JSON object, as help:export writes it'] };
  }
  const file = value as Record<string, unknown>;
  if (file.format !== HELP_EXPORT_FORMAT) return { problems: [`format must be "${HELP_EXPORT_FORMAT}"`] };
  if (file.schemaVersion !== HELP_EXPORT_SCHEMA_VERSION) {
    return {
      problems: [
        `schemaVersion ${JSON.stringify(file.schemaVersion)} is not one this version reads (${HELP_EXPORT_SCHEMA_VERSION})`,
      ],
    };
  }
  if (!Array.isArray(file.entries)) return { problems: ['entries must be an array'] };
  if (file.entries.length > maxEntries) {
    return {
      problems: [
        `entries: the file has ${file.entries.length} entries, more than the ${maxEntries} an import takes ` +
          "(the module's helpImport.maxEntries, the command's --max-entries)",
      ],
    };
  }
  const problems: string[] = [];
  const entries: HelpExportEntry[] = [];
  const seen = new Map<string, number>();
  file.entries.forEach((value: unknown, index) => {
    const checked = entryProblems(value, `entries[${index}]`);
    problems.push(...checked.problems);
    if (!checked.entry) return;
    const key = helpEntryKey(checked.entry);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push(`entries[${index}] has the id_view, question_name and language of entries[${first}]`);
    }
    seen.set(key, index);
    entries.push(checked.entry);
  });
  return problems.length > 0 ? { problems } : { entries };
}
