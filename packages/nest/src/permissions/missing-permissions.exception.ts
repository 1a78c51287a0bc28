import { ForbiddenException, HttpStatus } from '@nestjs/common';

/**
 * The 403 of a user without the permissions a route requires: `message` names them and
 * `missingPermissions` lists them, which tells a page this refusal from another 403 (a refused CSRF
 * token, say) so that it can say it in its own words.
 */
export class MissingPermissionsException extends ForbiddenException {
  constructor(readonly missing: readonly string[]) {
    super({
      statusCode: HttpStatus.FORBIDDEN,
      error: 'Forbidden',
      message: `Missing permission${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
      missingPermissions: [...missing],
    });
  }
}
