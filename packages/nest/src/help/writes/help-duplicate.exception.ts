import { ConflictException } from '@nestjs/common';
import { duplicateHelpEntryProblem, type HelpFields } from './help-fields.checks.js';

/** 409: a write would give a second entry the view, field and language of another. */
export class HelpDuplicateException extends ConflictException {
  constructor(fields: Pick<HelpFields, 'id_view' | 'question_name' | 'language'>) {
    super(duplicateHelpEntryProblem(fields));
  }
}
