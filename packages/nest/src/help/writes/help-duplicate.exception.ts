import { ConflictException } from '@nestjs/common';
import { WidgetLibError } from '../../common/errors/index.js';
import { duplicateHelpEntryProblem, type HelpFields } from './help-fields.checks.js';

/** 409: a write would give a second entry the view, field and language of another. */
export class HelpDuplicateException extends ConflictException {
  constructor(fields: Pick<HelpFields, 'id_view' | 'question_name' | 'language'>) {
    const cause = new WidgetLibError('conflict', duplicateHelpEntryProblem(fields));
    super({ statusCode: 409, error: 'Conflict', message: cause.answer, ...cause.details }, { cause });
  }
}
