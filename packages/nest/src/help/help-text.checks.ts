import {
  HELP_ID_VIEW_MAX_LENGTH,
  HELP_QUESTION_NAME_MAX_LENGTH,
  HELP_TEXT_MAX_DEPTH,
  HELP_TEXT_MAX_LENGTH,
  HELP_TITLE_MAX_LENGTH,
} from '#rules/help-limits.js';
import type { UserMessage } from '../common/messages/index.js';
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
export function helpFieldsProblem(fields: Readonly<Record<string, unknown>>): UserMessage | null {
  for (const [field, maxLength] of Object.entries(HELP_PLAIN_FIELDS)) {
    const value = fields[field];
    if (typeof value !== 'string') return { code: 'help.field-not-text', params: { field } };
    if (value.trim() === '') return { code: 'help.field-empty', params: { field } };
    if (value.trim().length > maxLength) return { code: 'help.field-too-long', params: { field, max: maxLength } };
  }
  const text = fields.help_text ?? '';
  if (typeof text !== 'string') return { code: 'help.field-not-text', params: { field: 'help_text' } };
  if (text.length > HELP_TEXT_MAX_LENGTH) {
    return { code: 'help.field-too-long', params: { field: 'help_text', max: HELP_TEXT_MAX_LENGTH } };
  }
  const language = fields.language ?? null;
  if (language !== null && typeof language !== 'string') return { code: 'help.language-not-text' };
  return null;
}

/**
 * Why sanitised `help_text` may not be stored, or `null`. The length is checked again after
 * sanitising because sanitising can grow the text (it closes every open element, writes `<br />` for
 * `<br>`), and the depth is bounded because deep trees cost every parser that reads them.
 */
export function helpTextLimitProblem({ html, depth }: MeasuredHelpHtml): UserMessage | null {
  if (depth > HELP_TEXT_MAX_DEPTH) {
    return { code: 'help.text-too-deep', params: { max: HELP_TEXT_MAX_DEPTH, depth } };
  }
  if (html.length > HELP_TEXT_MAX_LENGTH) {
    return { code: 'help.text-too-long-sanitised', params: { max: HELP_TEXT_MAX_LENGTH, length: html.length } };
  }
  return null;
}
