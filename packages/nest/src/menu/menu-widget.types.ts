import type { MenuItem } from './menu-item.entity.js';

/** What a widget knows about the request its menu is rendered for. */
export interface MenuRenderContext {
  /** The host's request object (for example Express's), as `getPermissions` receives it. */
  request: unknown;
  /** The view id of the route handling the request; `null` outside a route handler. */
  viewId: string | null;
}

/** A menu item that renders itself. Register its class under a dotted name in `MenuWidgetRegistry`. */
export interface MenuWidget {
  /** The widget's HTML; every value written into it must be escaped. `''` renders nothing. */
  render(item: MenuItem, context: MenuRenderContext): string | Promise<string>;
}
