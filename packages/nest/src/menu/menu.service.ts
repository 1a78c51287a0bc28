import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { UrlResolver } from '../views/url-resolver.service.js';
import type { WidgetLibRequest } from '../views/view-context.interceptor.js';
import { HELP_LIST_ROUTE } from '../views/views.constants.js';
import { safeUrl } from '#rules/url-safety.js';
import { MenuItem } from './menu-item.entity.js';
import { renderMenuLink } from './menu-link.writer.js';
import { HELP_PANEL_ICON, PALLETE_WIDGET_URL_NAME, SIDEBAR_FOOTER_CATEGORY } from './menu.constants.js';
import { MenuWidgetRegistry } from './menu-widget-registry.service.js';
import type { MenuRenderContext } from './menu-widget.types.js';

/** The fields of a new menu item; omitted flags are false, omitted texts empty, no position. */
export interface MenuItemInput {
  url_name: string;
  category: string;
  title?: string;
  is_reversed?: boolean;
  reversed_kwargs?: string | null;
  reversed_args?: string;
  is_widget?: boolean;
  icon?: string;
  only_icon?: boolean;
  position?: number | null;
}

/** What a host may choose when the help panel's menu item is first created. */
export interface HelpPanelOptions {
  title?: string;
  position?: number | null;
  /** Comma-separated permission strings replacing `helpPermissions` for the panel's controls. */
  reversedKwargs?: string | null;
}

/** Stores menu items and renders a category of them as HTML for a request. */
@Injectable()
export class MenuService {
  private readonly logger = new Logger('WidgetLibMenu');

  constructor(
    @InjectRepository(MenuItem) private readonly items: Repository<MenuItem>,
    private readonly widgets: MenuWidgetRegistry,
    private readonly urls: UrlResolver,
  ) {}

  create(input: MenuItemInput): Promise<MenuItem> {
    return this.items.save(
      this.items.create({
        title: '',
        is_reversed: false,
        reversed_kwargs: null,
        reversed_args: '',
        is_widget: false,
        icon: '',
        only_icon: false,
        position: null,
        ...input,
      }),
    );
  }

  /** The items of a category by `position` (items without one last), then by `id`. */
  listCategory(category: string): Promise<MenuItem[]> {
    return this.items
      .createQueryBuilder('item')
      .where('item.category = :category', { category })
      .orderBy('CASE WHEN item.position IS NULL THEN 1 ELSE 0 END', 'ASC')
      .addOrderBy('item.position', 'ASC')
      .addOrderBy('item.id', 'ASC')
      .getMany();
  }

  /**
   * The HTML of a category for a request, to put into any template: a link for each plain item,
   * the widget's own HTML for each widget item. An item that cannot be shown (unknown widget or
   * route name, unsafe URL) is left out and logged.
   */
  async renderCategory(category: string, request: unknown): Promise<string> {
    const context: MenuRenderContext = {
      request,
      viewId: (request as WidgetLibRequest | null | undefined)?.viewId ?? null,
    };
    const parts: string[] = [];
    for (const item of await this.listCategory(category)) {
      const html = item.is_widget ? await this.renderWidget(item, context) : this.renderLink(item);
      if (html) parts.push(html);
    }
    return parts.join('\n');
  }

  /**
   * Creates the help panel's menu item unless the `sidebarfooter` category already has one; an
   * existing item keeps what the host changed, only its `reversed_args` follows the help route.
   */
  async registerHelpPanel(options: HelpPanelOptions = {}): Promise<MenuItem> {
    const helpUrl = this.urls.reverse(HELP_LIST_ROUTE);
    return this.items.manager.transaction(async (manager) => {
      const items = manager.getRepository(MenuItem);
      const existing = await items.findOne({
        where: { category: SIDEBAR_FOOTER_CATEGORY, url_name: PALLETE_WIDGET_URL_NAME, is_widget: true },
        order: { id: 'ASC' },
      });
      if (existing) {
        if (existing.reversed_args === helpUrl) return existing;
        existing.reversed_args = helpUrl;
        return items.save(existing);
      }
      return items.save(
        items.create({
          title: options.title ?? '',
          url_name: PALLETE_WIDGET_URL_NAME,
          category: SIDEBAR_FOOTER_CATEGORY,
          is_reversed: false,
          reversed_kwargs: options.reversedKwargs ?? null,
          reversed_args: helpUrl,
          is_widget: true,
          icon: HELP_PANEL_ICON,
          only_icon: true,
          position: options.position ?? null,
        }),
      );
    });
  }

  private async renderWidget(item: MenuItem, context: MenuRenderContext): Promise<string> {
    const widget = await this.widgets.resolve(item.url_name);
    if (!widget) {
      this.logger.warn(`Menu item ${item.id} names the widget "${item.url_name}", which is not registered`);
      return '';
    }
    return widget.render(item, context);
  }

  private renderLink(item: MenuItem): string {
    let href: string | null;
    if (item.is_reversed) {
      try {
        href = this.urls.reverse(item.url_name);
      } catch (error) {
        this.logger.warn(`Menu item ${item.id} left out: ${(error as Error).message}`);
        return '';
      }
    } else {
      href = safeUrl(item.url_name);
      if (href === null) {
        this.logger.warn(`Menu item ${item.id} has a URL that is not http, https, mailto or a path; left out`);
        return '';
      }
    }
    return renderMenuLink({ href, title: item.title, icon: item.icon, onlyIcon: item.only_icon });
  }
}
