import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { DemoSessions } from './demo-sessions.js';
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
  constructor(private readonly sessions: DemoSessions) {}

  @Get('sign-in')
  async signInPage(@Query('next') next: unknown, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.renderSignIn(request, response, localPath(next));
  }

  @Post('sign-in')
  async signIn(
    @Body() body: { username?: unknown; password?: unknown; next?: unknown },
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.username === body.username);
    if (!account || typeof body.password !== 'string' || !samePassword(body.password, account.password)) {
      await this.renderSignIn(request, response, localPath(body.next), 'Unknown user name or wrong password.');
      return;
    }
    await this.sessions.signIn(request, account.username);
    response.redirect(303, localPath(body.next));
  }

  @Post('sign-out')
  async signOut(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.sessions.signOut(request);
    response.redirect(303, '/sign-in');
  }

  private async renderSignIn(request: Request, response: Response, next: string, error?: string): Promise<void> {
    const csrfToken = await this.sessions.formToken(request);
    response
      .status(error ? 401 : 200)
      .render('sign-in', { title: 'Sign in', accounts: DEMO_ACCOUNTS, next, error, bare: true, csrfToken });
  }
}
