export { MenuItem } from './menu-item.entity.js';
export {
  HELP_PANEL_DEFAULT_LABEL,
  HELP_PANEL_ICON,
  PALLETE_WIDGET_URL_NAME,
  SIDEBAR_FOOTER_CATEGORY,
} from './menu.constants.js';
export { MenuService, type HelpPanelOptions, type MenuItemInput } from './menu.service.js';
export type { MenuRenderContext, MenuWidget } from './menu-widget.interface.js';
export { MenuWidgetRegistry } from './menu-widget.registry.js';
export { grantPanelPermissions, type PanelAction, type PanelPermissions } from './palette-permissions.js';
export { renderPaletteMarkup, type PaletteConfig, type PaletteMarkup } from './palette.markup.js';
export { PalleteWidget } from './palette.widget.js';
