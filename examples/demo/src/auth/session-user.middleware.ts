import type { NextFunction, Request, Response } from 'express';
import { DEMO_ACCOUNTS, type DemoUser } from './demo-users.js';

declare module 'express-session' {
  interface SessionData {
    username?: string;
  }
}

/** A request of the demo: the signed-in user, when there is one. */
export interface DemoRequest extends Request {
  user?: DemoUser;
}

/** Puts the signed-in account on `request.user`, where the library's default `getPermissions` reads it. */
export function sessionUser(request: DemoRequest, _response: Response, next: NextFunction): void {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.username === request.session?.username);
  if (account) {
    request.user = { username: account.username, displayName: account.displayName, permissions: account.permissions };
  }
  next();
}
