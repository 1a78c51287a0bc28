import { WidgetLibError } from '../../common/errors/index.js';

/**
 * 412: the record is no longer at a version the request's `If-Match` names. The answer carries the
 * record as the list shows it now (`current`), so that a client can show what changed.
 */
export class ResourceChangedError extends WidgetLibError {
  constructor(
    entity: string,
    id: number,
    readonly version: number,
    readonly current: Record<string, unknown>,
  ) {
    super('precondition-failed', `${entity} ${id} has changed: it is at version ${version} now`, { current });
  }
}

/** An `If-Match` naming versions of a record whose entity keeps none (no `@VersionColumn`). */
export class ResourceUnversionedError extends WidgetLibError {
  constructor(entity: string) {
    super('invalid', [`If-Match names versions, but ${entity} has no version column: send If-Match: * or none`]);
  }
}

/** A malformed `If-Match` header. */
export class ResourceIfMatchError extends WidgetLibError {
  constructor(problem: string) {
    super('invalid', [problem]);
  }
}
