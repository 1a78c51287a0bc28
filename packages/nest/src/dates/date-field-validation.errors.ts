/**
 * A value a date or date-time field cannot accept. `reason` completes a sentence that starts with
 * the name of the field or parameter (`describe(name)`), so every caller can name what was wrong.
 */
export class DateFieldValidationError extends Error {
  constructor(readonly reason: string) {
    super(`Value ${reason}`);
    this.name = 'DateFieldValidationError';
  }

  /** The message for the field or parameter `name`, e.g. `released must be a date in the format ...`. */
  describe(name: string): string {
    return `${name} ${this.reason}`;
  }
}
