import {
  HELP_ID_VIEW_MAX_LENGTH,
  HELP_QUESTION_NAME_MAX_LENGTH,
  HELP_TEXT_MAX_DEPTH,
  HELP_TEXT_MAX_LENGTH,
  HELP_TITLE_MAX_LENGTH,
} from '#rules/help-limits.js';
import type { MeasuredHelpHtml } from './help-html.writer.js';

/** The plain-text fields of an entry and their lengths; they are stored trimmed and never empty. */
export const HELP_PLAIN_FIELDS = {
  id_view: HELP_ID_VIEW_MAX_LENGTH,
  question_name: HELP_QUESTION_NAME_MAX_LENGTH,
  help_title: HELP_TITLE_MAX_LENGTH,
} as const;

/**
 * Why the fields a write gives an entry may not be stored, or `null`, in the words of the API's own
 * validation: whoever writes (a host's repository call, a resource), the plain-text fields are
 * non-empty strings within their lengths once trimmed, `help_text` a string within its length
 * before it is sanitised (a longer one would cost the sanitiser first), `language` a string or null.
 */
export function helpFieldsProblem(fields: Readonly<Record<string, unknown>>): string | null {
  for (const [field, maxLength] of Object.entries(HELP_PLAIN_FIELDS)) {
    const value = fields[field];
    if (typeof value !== 'string') return `${field} must be a string`;
    if (value.trim() === '') return `${field} should not be empty`;
    if (value.trim().length > maxLength) return `${field} must be shorter than or equal to ${maxLength} characters`;
  }
  const text = fields.help_text ?? '';
  if (typeof text !== 'string') return 'help_text must be a string';
  if (text.length > HELP_TEXT_MAX_LENGTH) {
    return `help_text must be shorter than or equal to ${HELP_TEXT_MAX_LENGTH} characters`;
  }
  const language = fields.language ?? null;
  if (language !== null && typeof language !== 'string') return 'language must be a string or null';
  return null;
}

/**
 * Why sanitised `help_text` may not be stored, or `null`. The length is checked again after
 * sanitising because sanitising can grow the text (it closes every open element, writes `<br />` for
 * `<br>`), and the depth is bounded because deep trees cost every parser that reads them.
 */
export function helpTextLimitProblem({ html, depth }: MeasuredHelpHtml): string | null {
  if (depth > HELP_TEXT_MAX_DEPTH) {
    return `help_text must not nest elements more than ${HELP_TEXT_MAX_DEPTH} deep (it nests ${depth})`;
  }
  if (html.length > HELP_TEXT_MAX_LENGTH) {
    return `help_text must be shorter than or equal to ${HELP_TEXT_MAX_LENGTH} characters after sanitising (it has ${html.length})`;
  }
  return null;
}
