import { ConflictException } from '@nestjs/common';

/**
 * 409: a write of help entry `id` started from version `expected` (`null`: from no stored entry), but
 * the entry is at version `current` now (`null`: there is none). Nothing was written; read the entry
 * again. `HelpService` answers it with a retry, or 412 when the request named a version (`If-Match`).
 */
export class HelpWriteConflictException extends ConflictException {
  constructor(
    readonly id: number,
    readonly expected: number | null,
    readonly current: number | null,
  ) {
    super(
      current === null
        ? `Help entry ${id} does not exist (any more)`
        : `Help entry ${id} has changed: this write started from version ${expected}, it is at version ${current} now`,
    );
  }
}
