import { BadRequestException, ConflictException } from '@nestjs/common';
import { isUniqueViolation, textColumnByteCapacity } from '../dialect/index.js';
import { sanitizeHelpHtmlMeasured } from './help-html.sanitizer.js';
import { canonicalLanguageTag, LANGUAGE_FORMAT } from './help-language.js';
import { helpFieldsProblem, helpTextLimitProblem } from './help-text.limits.js';
import type { Help } from './help.entity.js';

/** The fields a write gives an entry. */
export interface HelpFields {
  id_view: string;
  question_name: string;
  help_title: string;
  help_text: string;
  language: string | null;
}

export function fieldsOf(help: Help | HelpFields): HelpFields {
  const { id_view, question_name, help_title, help_text, language } = help;
  return { id_view, question_name, language, help_title, help_text };
}

/**
 * The fields as every write stores them, whoever makes it (`HelpWriteSubscriber` applies this to
 * each): plain-text fields trimmed, `help_text` sanitised and `language` canonical, once all are
 * within the limits (of the database `databaseType` too); else 400 naming the field.
 */
export function storableFields(fields: Readonly<Record<string, unknown>>, databaseType: string): HelpFields {
  const problem = helpFieldsProblem(fields);
  if (problem) throw new BadRequestException(problem);
  const given = fields as Partial<HelpFields>;
  const language = given.language == null ? null : canonicalLanguageTag(given.language);
  if (given.language != null && language === null) {
    throw new BadRequestException(`language must be null or ${LANGUAGE_FORMAT}`);
  }
  // The depth is measured on the text as given, before sanitising flattens what it removes.
  const sanitised = sanitizeHelpHtmlMeasured(given.help_text ?? '');
  const limit = helpTextLimitProblem(sanitised);
  if (limit) throw new BadRequestException(limit);
  const capacity = textColumnByteCapacity(databaseType);
  if (capacity !== null && Buffer.byteLength(sanitised.html, 'utf8') > capacity) {
    throw new BadRequestException(`help_text is too long: this database stores at most ${capacity} bytes of UTF-8`);
  }
  return {
    id_view: given.id_view!.trim(),
    question_name: given.question_name!.trim(),
    language,
    help_title: given.help_title!.trim(),
    help_text: sanitised.html,
  };
}

/** The 409 of a write that would give a second entry the view, field and language of another. */
export function duplicateHelpEntry(fields: Pick<HelpFields, 'id_view' | 'question_name' | 'language'>) {
  const language =
    fields.language === null ? '' : ` in language "${canonicalLanguageTag(fields.language) ?? fields.language}"`;
  return new ConflictException(
    `A help entry for id_view "${fields.id_view}" and question_name "${fields.question_name}"${language} already exists`,
  );
}

/** Runs a write of `fields`; a broken uniqueness is a 409 naming them. */
export async function writingFields<R>(fields: HelpFields, write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateHelpEntry(fields);
    throw error;
  }
}
