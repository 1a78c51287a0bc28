export { MenuItem } from './menu-item.entity.js';
export { PALLETE_WIDGET_URL_NAME, SIDEBAR_FOOTER_CATEGORY } from './menu.constants.js';
export { MenuService, type HelpPanelOptions, type MenuItemInput } from './menu.service.js';
export type { MenuRenderContext, MenuWidget } from './menu-widget.types.js';
export { MenuWidgetRegistry } from './menu-widget-registry.service.js';
export { PalleteWidget } from './pallete-widget.service.js';
