import { csrfSync } from 'csrf-sync';
import type { Request } from 'express';

const { csrfSynchronisedProtection, generateToken } = csrfSync({
  getTokenFromRequest: (request) =>
    (request.headers['x-csrf-token'] as string | undefined) ?? (request.body as { _csrf?: string } | undefined)?._csrf,
  // The sign-in form has no session: AuthController checks its token (a signed double-submit cookie).
  skipCsrfProtection: (request) => request.method === 'POST' && request.path === '/sign-in',
});

/**
 * Every POST, PUT, PATCH and DELETE needs the session's token, from a form field or the X-CSRF-Token
 * header; the sign-in form's post needs its own.
 */
export const csrfProtection = csrfSynchronisedProtection;

/** The session's CSRF token, made and stored in the session the first time: the session is then saved. */
export function csrfToken(request: Request): string {
  return generateToken(request);
}
