import { isUniqueViolation } from '../../dialect/index.js';
import { HelpDuplicateException } from './help-duplicate.exception.js';
import type { HelpFields } from './help-fields.checks.js';

/** Runs a write of `fields`; a broken uniqueness is a 409 naming them. */
export async function writingFields<R>(fields: HelpFields, write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HelpDuplicateException(fields);
    throw error;
  }
}
