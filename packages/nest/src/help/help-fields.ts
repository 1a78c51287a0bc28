import { BadRequestException, ConflictException } from '@nestjs/common';
import { isUniqueViolation, textColumnByteCapacity } from '../common/database-errors.js';
import { sanitizeHelpHtmlMeasured } from './help-html.sanitizer.js';
import { canonicalLanguageTag, LANGUAGE_FORMAT } from './help-language.js';
import { helpTextLimitProblem } from './help-text.limits.js';
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
 * The fields as every write stores them: `help_text` sanitised and `language` canonical, once
 * within the limits (of the database `databaseType` too); else 400.
 */
export function storableFields(fields: HelpFields, databaseType: string): HelpFields {
  const language = fields.language === null ? null : canonicalLanguageTag(fields.language);
  if (fields.language !== null && language === null) {
    throw new BadRequestException(`language must be null or ${LANGUAGE_FORMAT}`);
  }
  // The entity sanitises on save too; here the limits need the text it will store.
  const sanitised = sanitizeHelpHtmlMeasured(fields.help_text);
  const problem = helpTextLimitProblem(sanitised);
  if (problem) throw new BadRequestException(problem);
  const capacity = textColumnByteCapacity(databaseType);
  if (capacity !== null && Buffer.byteLength(sanitised.html, 'utf8') > capacity) {
    throw new BadRequestException(`help_text is too long: this database stores at most ${capacity} bytes of UTF-8`);
  }
  return { ...fields, help_text: sanitised.html, language };
}

/** Runs a write of `fields`; a broken uniqueness is a 409 naming them. */
export async function writingFields<R>(fields: HelpFields, write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      const language = fields.language === null ? '' : ` in language "${fields.language}"`;
      throw new ConflictException(
        `A help entry for id_view "${fields.id_view}" and question_name "${fields.question_name}"${language} already exists`,
      );
    }
    throw error;
  }
}
