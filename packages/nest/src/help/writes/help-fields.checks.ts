import { HELP_LANGUAGE_MAX_LENGTH } from '#rules/help-limits.js';
import { WidgetLibError } from '../../common/errors/index.js';
import type { UserMessage } from '../../common/messages/index.js';
import { sanitizeHelpHtmlMeasured } from '../help-html.writer.js';
import { helpFieldsProblem, helpTextLimitProblem } from '../help-text.checks.js';
import { canonicalLanguageTag } from '../language/index.js';

/** The fields a write gives an entry. */
export interface HelpFields {
  id_view: string;
  question_name: string;
  help_title: string;
  help_text: string;
  language: string | null;
}

export function fieldsOf(help: Readonly<HelpFields>): HelpFields {
  const { id_view, question_name, help_title, help_text, language } = help;
  return { id_view, question_name, language, help_title, help_text };
}

/**
 * The fields as every write stores them, whoever makes it (`HelpWriteSubscriber` applies this to
 * each): plain-text fields trimmed, `help_text` sanitised and `language` canonical, once all are
 * within the limits (and within `textByteCapacity`, the bytes the database's text column holds,
 * `null` for no limit); else an `invalid` `WidgetLibError` naming the field.
 */
export function storableFields(fields: Readonly<Record<string, unknown>>, textByteCapacity: number | null): HelpFields {
  const problem = helpFieldsProblem(fields);
  if (problem) throw new WidgetLibError('invalid', problem);
  const given = fields as Partial<HelpFields>;
  const language = given.language == null ? null : canonicalLanguageTag(given.language);
  if (given.language != null && language === null) {
    throw new WidgetLibError('invalid', { code: 'help.language-invalid', params: { max: HELP_LANGUAGE_MAX_LENGTH } });
  }
  // The depth is measured on the text as given, before sanitising flattens what it removes.
  const sanitised = sanitizeHelpHtmlMeasured(given.help_text ?? '');
  const limit = helpTextLimitProblem(sanitised);
  if (limit) throw new WidgetLibError('invalid', limit);
  if (textByteCapacity !== null && Buffer.byteLength(sanitised.html, 'utf8') > textByteCapacity) {
    throw new WidgetLibError('invalid', { code: 'help.text-too-many-bytes', params: { max: textByteCapacity } });
  }
  return {
    id_view: given.id_view!.trim(),
    question_name: given.question_name!.trim(),
    language,
    help_title: given.help_title!.trim(),
    help_text: sanitised.html,
  };
}

/** Why a write may not give an entry `fields`: another entry has its view, field and language. */
export function duplicateHelpEntryProblem(
  fields: Pick<HelpFields, 'id_view' | 'question_name' | 'language'>,
): UserMessage {
  const params = { view: fields.id_view, field: fields.question_name };
  if (fields.language === null) return { code: 'help.duplicate', params };
  const language = canonicalLanguageTag(fields.language) ?? fields.language;
  return { code: 'help.duplicate-in-language', params: { ...params, language } };
}
