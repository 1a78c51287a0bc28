import { Body, Controller, Get, Post, Query, Render, Req, Res } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { DEMO_ACCOUNTS } from './demo-users.js';

function samePassword(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Only a path on this site, so that `next` cannot send a user elsewhere after signing in. */
function localPath(next: unknown): string {
  return typeof next === 'string' && /^\/(?![/\\])/.test(next) ? next : '/';
}

@Controller()
export class AuthController {
  @Get('sign-in')
  @Render('sign-in')
  signInPage(@Query('next') next: unknown) {
    return { title: 'Sign in', accounts: DEMO_ACCOUNTS, next: localPath(next), bare: true };
  }

  @Post('sign-in')
  signIn(
    @Body() body: { username?: unknown; password?: unknown; next?: unknown },
    @Req() request: Request,
    @Res() response: Response,
  ): void {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.username === body.username);
    if (!account || typeof body.password !== 'string' || !samePassword(body.password, account.password)) {
      response.status(401).render('sign-in', {
        title: 'Sign in',
        accounts: DEMO_ACCOUNTS,
        next: localPath(body.next),
        error: 'Unknown user name or wrong password.',
        bare: true,
      });
      return;
    }
    // A new session on sign-in, so that an identifier planted before cannot be reused.
    request.session.regenerate((error) => {
      if (error) throw error;
      request.session.username = account.username;
      response.redirect(303, localPath(body.next));
    });
  }

  @Post('sign-out')
  signOut(@Req() request: Request, @Res() response: Response): void {
    request.session.destroy(() => response.redirect(303, '/sign-in'));
  }
}
