import { WidgetLibError } from '../../common/errors/index.js';
import type { LanguageTexts } from '../../common/messages/index.js';

/** No revision of that id in the record's history. */
export class ResourceRevisionNotFoundError extends WidgetLibError {
  constructor(revision: number, entity: LanguageTexts, id: number) {
    super('not-found', { code: 'resource-history.revision-not-found', params: { revision, entity, id } });
  }
}

/** A revision whose values the update DTO no longer accepts: each problem named. */
export class ResourceRevisionNotRestorableError extends WidgetLibError {
  constructor(revision: number, problems: readonly string[]) {
    super('invalid', {
      code: 'resource-history.not-restorable',
      params: { revision, problems: problems.join('; ') },
    });
  }
}

/** A history page asked with parameters it does not take. */
export class ResourceHistoryPageError extends WidgetLibError {
  constructor(problems: readonly string[]) {
    super('invalid', problems);
  }
}
