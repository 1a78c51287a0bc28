import { PreconditionFailedException } from '@nestjs/common';
import type { Help } from '../help.entity.js';

/**
 * 412: the entry is no longer at a version the request's `If-Match` names. The body carries the
 * entry as it is now (`current`), so that a client can show what changed.
 */
export class HelpChangedException extends PreconditionFailedException {
  constructor(readonly current: Help) {
    super({
      statusCode: 412,
      error: 'Precondition Failed',
      message: `Help entry ${current.id} has changed: it is at version ${current.version} now`,
      current,
    });
  }
}
