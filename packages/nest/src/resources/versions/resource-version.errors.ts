import { WidgetLibError } from '../../common/errors/index.js';
import type { LanguageTexts } from '../../common/messages/index.js';

/**
 * 412: the record is no longer at a version the request's `If-Match` names. The answer carries the
 * record as the list shows it now (`current`), so that a client can show what changed.
 */
export class ResourceChangedError extends WidgetLibError {
  constructor(
    entity: LanguageTexts,
    readonly id: number,
    readonly version: number,
    readonly current: Record<string, unknown>,
  ) {
    super('precondition-failed', { code: 'resource.changed', params: { entity, id, version } }, { current });
  }
}

/** An `If-Match` naming versions of a record whose entity keeps none (no `@VersionColumn`). */
export class ResourceUnversionedError extends WidgetLibError {
  constructor(entity: LanguageTexts) {
    super('invalid', [{ code: 'resource.unversioned', params: { entity } }]);
  }
}

/** A malformed `If-Match` header. */
export class ResourceIfMatchError extends WidgetLibError {
  constructor() {
    super('invalid', [{ code: 'resource.if-match-format' }]);
  }
}
