import { Injectable } from '@nestjs/common';
import { DateFormatsService, MenuService, SIDEBAR_FOOTER_CATEGORY } from '@widgetlib/nest';
import type { Response } from 'express';

/**
 * Renders a page of the demo's layout: with the sidebar footer menu (the help panel) of the request
 * and the page's date formats (`document.date_format`, `document.datetime_format`).
 */
@Injectable()
export class PageRenderer {
  constructor(
    private readonly menu: MenuService,
    private readonly formats: DateFormatsService,
  ) {}

  async render(response: Response, view: string, model: Record<string, unknown>, status = 200): Promise<void> {
    const sidebarFooter = await this.menu.renderCategory(SIDEBAR_FOOTER_CATEGORY, response.req);
    response
      .status(status)
      .render(view, { ...model, sidebarFooter, dateFormatsScript: this.formats.dateFormatsScript() });
  }
}
