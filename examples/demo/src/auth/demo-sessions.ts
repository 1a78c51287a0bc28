import { promisify } from 'node:util';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, RequestHandler } from 'express';
import session from 'express-session';
import type { DataSource } from 'typeorm';
import { csrfToken } from './csrf.js';
import { SessionStore } from './session.store.js';

export const DEMO_SESSION_OPTIONS = Symbol('DEMO_SESSION_OPTIONS');

export interface DemoSessionOptions {
  /** A signed-in session ends after this long without a request (default one hour). */
  idleTimeoutMs?: number;
  /** The session that the sign-in form opens for its CSRF token ends after this long (default 15 minutes). */
  signInFormTimeoutMs?: number;
  /** How often expired sessions are deleted from the store (default one minute). */
  cleanupIntervalMs?: number;
}

/**
 * The demo's sessions, kept in its own database. A session is stored only once it holds something:
 * a signed-in user, or the CSRF token of a form shown to someone not signed in yet. Pages for
 * anonymous visitors other than the sign-in form, static assets and API calls store none.
 */
@Injectable()
export class DemoSessions implements OnApplicationShutdown {
  readonly store: SessionStore;
  private readonly idleTimeoutMs: number;
  private readonly signInFormTimeoutMs: number;

  constructor(@InjectDataSource() dataSource: DataSource, @Inject(DEMO_SESSION_OPTIONS) options: DemoSessionOptions) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? 60 * 60_000;
    this.signInFormTimeoutMs = options.signInFormTimeoutMs ?? 15 * 60_000;
    this.store = new SessionStore(dataSource.options, options.cleanupIntervalMs ?? 60_000);
  }

  middleware(secret: string): RequestHandler {
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

  /**
   * The CSRF token of a page that shows a form; for someone not signed in, a short session holds it.
   * The session is stored before the page goes out, so that the form cannot come back first.
   */
  async formToken(request: Request): Promise<string> {
    if (!request.session.username) request.session.cookie.maxAge = this.signInFormTimeoutMs;
    const token = csrfToken(request);
    await promisify(request.session.save.bind(request.session))();
    return token;
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

  onApplicationShutdown(): Promise<void> {
    return this.store.close();
  }
}
