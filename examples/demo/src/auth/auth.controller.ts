import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { DemoSessions } from './demo-sessions.js';
import { DEMO_ACCOUNTS } from './demo-users.js';
import { demoText, type DemoTextKey } from '../pages/demo-texts.js';
import { isDemoLanguage, languageLinks, pageLanguage } from '../pages/page.renderer.js';

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
  signInPage(@Query('next') next: unknown, @Res() response: Response): void {
    this.renderSignIn(response, localPath(next));
  }

  /**
   * The form's token is checked first (a form from elsewhere, or one that has expired, signs no one
   * in: 403, with a new form); then the account.
   */
  @Post('sign-in')
  async signIn(
    @Body() body: { username?: unknown; password?: unknown; next?: unknown; lang?: unknown },
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    if (!this.sessions.isSignInFormTokenValid(request)) {
      this.renderSignIn(response, localPath(body.next), 'signIn.expired', 403);
      return;
    }
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.username === body.username);
    if (!account || typeof body.password !== 'string' || !samePassword(body.password, account.password)) {
      this.renderSignIn(response, localPath(body.next), 'signIn.wrong', 401);
      return;
    }
    await this.sessions.signIn(request, account.username);
    // The language the sign-in page was in carries on into the session.
    if (isDemoLanguage(body.lang) && request.session) request.session.language = body.lang;
    this.sessions.clearSignInFormToken(response);
    response.redirect(303, localPath(body.next));
  }

  @Post('sign-out')
  async signOut(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.sessions.signOut(request);
    response.redirect(303, '/sign-in');
  }

  /** The sign-in page, with a new token for its form (a signed cookie: no session is stored). */
  private renderSignIn(response: Response, next: string, error?: DemoTextKey, status = 200): void {
    const csrfToken = this.sessions.signInFormToken(response);
    // No session before signing in: the language is the form's or the address's, not remembered.
    const request = response.req;
    const posted: unknown = (request.body as { lang?: unknown } | undefined)?.lang;
    const lang = isDemoLanguage(posted) ? posted : pageLanguage(request, false);
    response.status(status).render('sign-in', {
      title: demoText(lang, 'signIn.title'),
      accounts: DEMO_ACCOUNTS.map((account) => ({
        ...account,
        description: demoText(lang, `account.${account.username}` as DemoTextKey),
      })),
      next,
      error: error && demoText(lang, error),
      bare: true,
      csrfToken,
      lang,
      languages: languageLinks(lang, next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`),
    });
  }
}
