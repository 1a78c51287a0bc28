/**
 * A value a date or date-time field cannot accept. `reason` completes a sentence that starts with
 * the name of the field or parameter (`describe(name)`), so every caller can name what was wrong;
 * `userReason` says the same to a person filling in a form: the format as they type it
 * (`YYYY-MM-DD`) and an example, where `reason` names Luxon's tokens and ISO 8601.
 */
export class DateFieldValidationError extends Error {
  constructor(
    readonly reason: string,
    readonly userReason: string = reason,
  ) {
    super(`Value ${reason}`);
    this.name = 'DateFieldValidationError';
  }

  /** The message for the field or parameter `name`, e.g. `released must be a date in the format ...`. */
  describe(name: string): string {
    return `${name} ${this.reason}`;
  }

  /** The message for a form field by its label, e.g. `Release date must be a date in the format YYYY-MM-DD, such as 2024-03-25`. */
  describeForUser(label: string): string {
    return `${label} ${this.userReason}`;
  }
}
