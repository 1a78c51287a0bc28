import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** The page's Content-Security-Policy nonce, for the one inline script a page has (its date formats). */
export function cspNonce(response: Response): string {
  return (response.locals as { cspNonce: string }).cspNonce;
}

function setNonce(_request: Request, response: Response, next: NextFunction): void {
  response.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

const nonceSource = (_request: IncomingMessage, response: ServerResponse) =>
  `'nonce-${cspNonce(response as Response)}'`;

/**
 * The demo's security headers, on every answer (pages, API, static files). Scripts come from the
 * demo's own files only, plus the page's nonced date-format script: no inline script, event
 * attribute or `eval`. Styles come from its stylesheets only: DataTables, its extensions and the
 * help panel set element styles through the CSSOM, which a policy does not restrict, and the
 * editor injects no `<style>`. Help images may be on other sites (help HTML allows http and https
 * images), so `img-src` takes any https address.
 */
export function securityHeaders(): RequestHandler[] {
  return [
    setNonce,
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", nonceSource],
          'script-src-attr': ["'none'"],
          'style-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'https:'],
          'font-src': ["'self'"],
          'connect-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'none'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
        },
      },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      // The demo serves plain HTTP; HSTS belongs to whatever terminates TLS in front of it.
      strictTransportSecurity: false,
    }),
  ];
}
