import { WidgetLibError } from '../common/errors/index.js';

/** No record of that id within the resource's base query (another scope's record included). */
export class ResourceRecordNotFoundError extends WidgetLibError {
  constructor(
    entity: string,
    readonly id: number,
  ) {
    super('not-found', `${entity} ${id} does not exist`);
  }
}

/** A write that would leave its record outside the resource's base query: refused and undone. */
export class ResourceOutOfScopeError extends WidgetLibError {
  constructor(subject: 'The new' | 'The changed', entity: string) {
    super('forbidden', `${subject} ${entity} would be outside the records this resource gives you`);
  }
}

/** A write that broke a unique constraint. */
export class ResourceDuplicateError extends WidgetLibError {
  constructor(entity: string) {
    super('conflict', `This ${entity} would duplicate an existing one`);
  }
}

/** A write that gave a column a longer value than it holds. */
export class ResourceValueTooLongError extends WidgetLibError {
  constructor() {
    super('invalid', 'A value is too long for its column');
  }
}
