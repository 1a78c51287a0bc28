import { Injectable } from '@nestjs/common';
import { DateFormatsService, MenuService, SIDEBAR_FOOTER_CATEGORY } from '@widgetlib/nest';
import type { Request, Response } from 'express';
import { DEMO_LANGUAGES } from '../catalogue/album-help.seed.js';
import { DEMO_TEXTS } from './demo-texts.js';
import { cspNonce } from './security-headers.middleware.js';

declare module 'express-session' {
  interface SessionData {
    /** The language the user picked for the demo's pages (`?lang=`). */
    language?: DemoLanguage;
  }
}

export type DemoLanguage = (typeof DEMO_LANGUAGES)[number];

export const isDemoLanguage = (value: unknown): value is DemoLanguage =>
  (DEMO_LANGUAGES as readonly unknown[]).includes(value);

/**
 * The page's language: `?lang=en|es` picks it for the rest of the session (`remember`), else the
 * session's choice, else English. It is the page's `<html lang>`, which the help panel and the
 * client library's catalogues read.
 */
export function pageLanguage(request: Request, remember = true): DemoLanguage {
  const asked = request.query.lang;
  if (isDemoLanguage(asked)) {
    if (remember && request.session) request.session.language = asked;
    return asked;
  }
  return request.session?.language ?? 'en';
}

/** Each language by its own name, as the language switch shows it. */
const LANGUAGE_NAMES: Record<DemoLanguage, string> = { en: 'English', es: 'Español' };

/**
 * The language switch's links, the current language marked: each one the page's `address` (path and
 * query: `/albums?group=format`) in that language, so that switching keeps the page as it is.
 */
export const languageLinks = (lang: DemoLanguage, address: string) =>
  DEMO_LANGUAGES.map((tag) => {
    const url = new URL(address, 'http://demo.invalid');
    url.searchParams.set('lang', tag);
    return { tag, name: LANGUAGE_NAMES[tag], current: tag === lang, href: `${url.pathname}${url.search}` };
  });

/** The demo's words a page's scripts use, for `<script type="application/json" id="demo-texts">`. */
export const demoTextsJson = (lang: DemoLanguage) => JSON.stringify(DEMO_TEXTS[lang]).replace(/</g, '\\u003c');

/**
 * Renders a page of the demo's layout: with the sidebar footer menu (the help panel) of the request
 * and the page's date formats (`document.date_format`, `document.datetime_format`) and its language.
 */
@Injectable()
export class PageRenderer {
  constructor(
    private readonly menu: MenuService,
    private readonly formats: DateFormatsService,
  ) {}

  /** The language of the page a response renders. */
  language(response: Response): DemoLanguage {
    return pageLanguage(response.req);
  }

  async render(response: Response, view: string, model: Record<string, unknown>, status = 200): Promise<void> {
    const sidebarFooter = await this.menu.renderCategory(SIDEBAR_FOOTER_CATEGORY, response.req);
    const lang = pageLanguage(response.req);
    response.status(status).render(view, {
      ...model,
      lang,
      languages: languageLinks(lang, response.req.originalUrl),
      demoTexts: demoTextsJson(lang),
      sidebarFooter,
      dateFormatsScript: this.formats.dateFormatsScript({ nonce: cspNonce(response) }),
    });
  }
}
