import { Injectable } from '@nestjs/common';
import { PermissionsService } from '../permissions/permissions.service.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { messageLanguage, userMessageText } from '../common/messages/index.js';
import type { MenuItem } from './menu-item.entity.js';
import type { MenuRenderContext, MenuWidget } from './menu-widget.types.js';
import { grantPanelPermissions, panelRequirements } from './palette-permissions.checks.js';
import { renderPaletteMarkup } from './palette.writer.js';

/**
 * The help panel (`widgetlib.menu_widgets.palette.PalleteWidget`): its footer icon, mount point and
 * configuration. Nothing is rendered for a request without a user, for a user who may not view
 * help (a panel that could not load its entries), or outside a route handler (no view id).
 */
@Injectable()
export class PalleteWidget implements MenuWidget {
  constructor(
    private readonly permissions: PermissionsService,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
  ) {}

  async render(item: MenuItem, context: MenuRenderContext): Promise<string> {
    if (context.viewId === null) return '';
    const granted = await this.permissions.permissionsOf(context.request);
    if (!granted) return '';
    const permissions = grantPanelPermissions(
      panelRequirements(item.reversed_kwargs, this.config.helpPermissions),
      granted,
    );
    if (!permissions.view) return '';
    // A menu item without a title is labelled in the reader's language.
    const languages = (await this.config.getLanguage(context.request)) ?? [];
    const language = messageLanguage(typeof languages === 'string' ? [languages] : languages);
    return renderPaletteMarkup({
      idSuffix: String(item.id),
      label: item.title.trim() || userMessageText({ code: 'menu.help' }, language),
      icon: item.icon,
      config: { id_view: context.viewId, help_url: item.reversed_args, permissions, usage: this.config.helpUsage },
    });
  }
}
