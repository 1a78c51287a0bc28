import { WidgetLibError } from '../common/errors/index.js';
import type { LanguageTexts } from '../common/messages/index.js';

/** No record of that id within the resource's base query (another scope's record included). */
export class ResourceRecordNotFoundError extends WidgetLibError {
  constructor(
    entity: LanguageTexts,
    readonly id: number,
  ) {
    super('not-found', { code: 'resource.not-found', params: { entity, id } });
  }
}

/** A write that would leave its record outside the resource's base query: refused and undone. */
export class ResourceOutOfScopeError extends WidgetLibError {
  constructor(subject: 'The new' | 'The changed', entity: LanguageTexts) {
    super('forbidden', {
      code: subject === 'The new' ? 'resource.new-out-of-scope' : 'resource.changed-out-of-scope',
      params: { entity },
    });
  }
}

/** A write that broke a unique constraint. */
export class ResourceDuplicateError extends WidgetLibError {
  constructor(entity: LanguageTexts) {
    super('conflict', { code: 'resource.duplicate', params: { entity } });
  }
}

/** A write that gave a column a longer value than it holds. */
export class ResourceValueTooLongError extends WidgetLibError {
  constructor() {
    super('invalid', { code: 'resource.too-long' });
  }
}
