import { promisify } from 'node:util';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { DataSource } from 'typeorm';
import { csrfToken } from './csrf.js';
import { SessionStore } from './session.store.js';
import { isValidSignInFormToken, issueSignInFormToken } from './sign-in-form.token.js';

/** The cookie that carries the sign-in form's token, sent back to the sign-in route only. */
const SIGN_IN_FORM_COOKIE = { name: 'widgetlib-demo-sign-in', path: '/sign-in' } as const;

/** A cookie's value in a request's `Cookie` header, when it has one. */
function requestCookie(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

export const DEMO_SESSION_OPTIONS = Symbol('DEMO_SESSION_OPTIONS');

export interface DemoSessionOptions {
  /** A signed-in session ends after this long without a request (default one hour). */
  idleTimeoutMs?: number;
  /** The sign-in form's CSRF token (a signed cookie, not a session) is taken for this long (default 15 minutes). */
  signInFormTimeoutMs?: number;
  /** How often expired sessions are deleted from the store (default one minute). */
  cleanupIntervalMs?: number;
}

/**
 * The demo's sessions, kept in its own database. A session is stored only for a signed-in user:
 * anonymous visits (the sign-in form included, whose CSRF token is a signed cookie), static assets
 * and API calls store none.
 */
@Injectable()
export class DemoSessions implements OnApplicationShutdown {
  readonly store: SessionStore;
  private readonly idleTimeoutMs: number;
  private readonly signInFormTimeoutMs: number;
  private secret: string | null = null;

  constructor(@InjectDataSource() dataSource: DataSource, @Inject(DEMO_SESSION_OPTIONS) options: DemoSessionOptions) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? 60 * 60_000;
    this.signInFormTimeoutMs = options.signInFormTimeoutMs ?? 15 * 60_000;
    this.store = new SessionStore(dataSource.options, options.cleanupIntervalMs ?? 60_000);
  }

  /** The session middleware; `secret` signs the session cookie and the sign-in form's token. */
  middleware(secret: string): RequestHandler {
    this.secret = secret;
    return session({
      name: 'widgetlib-demo',
      secret,
      store: this.store,
      resave: false,
      saveUninitialized: false,
      // Every answer to a request with a session extends it: the timeout counts from the last request.
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', maxAge: this.idleTimeoutMs },
    });
  }

  /** The sign-in form's CSRF token, also set as a cookie for the form's post: no session is stored. */
  signInFormToken(response: Response): string {
    const token = issueSignInFormToken(this.signingSecret());
    response.cookie(SIGN_IN_FORM_COOKIE.name, token, {
      path: SIGN_IN_FORM_COOKIE.path,
      httpOnly: true,
      sameSite: 'strict',
      maxAge: this.signInFormTimeoutMs,
    });
    return token;
  }

  /** Whether a post of the sign-in form carries the token of its cookie (the `_csrf` field). */
  isSignInFormTokenValid(request: Request): boolean {
    const field = (request.body as { _csrf?: unknown } | undefined)?._csrf;
    const cookie = requestCookie(request, SIGN_IN_FORM_COOKIE.name);
    return isValidSignInFormToken(this.signingSecret(), cookie, field, this.signInFormTimeoutMs);
  }

  /** Removes the sign-in form's cookie once it has served. */
  clearSignInFormToken(response: Response): void {
    response.clearCookie(SIGN_IN_FORM_COOKIE.name, { path: SIGN_IN_FORM_COOKIE.path });
  }

  /**
   * Signs `username` in on a new session (an identifier planted before cannot be reused) with its
   * CSRF token, stored before the answer goes out so that the next request finds it.
   */
  async signIn(request: Request, username: string): Promise<void> {
    await promisify(request.session.regenerate.bind(request.session))();
    request.session.username = username;
    csrfToken(request);
    await promisify(request.session.save.bind(request.session))();
  }

  async signOut(request: Request): Promise<void> {
    await promisify(request.session.destroy.bind(request.session))();
  }

  private signingSecret(): string {
    if (this.secret === null) throw new Error('DemoSessions: middleware(secret) must be installed first');
    return this.secret;
  }

  onApplicationShutdown(): Promise<void> {
    return this.store.close();
  }
}
