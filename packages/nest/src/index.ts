export * from './dates/index.js';
export * from './datatables/index.js';
export { jsonForScript } from './common/html.js';
export type { HttpRequest } from './common/http-platform.js';
export { MAX_INT_ID, ParseIdPipe } from './common/positive-int.pipe.js';
export * from './help/index.js';
export * from './permissions/index.js';
export * from './resources/index.js';
export * from './menu/index.js';
export * from './views/index.js';
export { WIDGETLIB_MIGRATIONS } from './migrations/index.js';
export { WidgetLibModule } from './widgetlib.module.js';
export { WIDGETLIB_ENTITIES } from './widgetlib.entities.js';
export {
  DEFAULT_HELP_PERMISSIONS,
  InjectWidgetLibConfig,
  WIDGETLIB_CONFIG,
  type WidgetLibConfig,
} from './widgetlib.config.js';
export { WIDGETLIB_MODULE_OPTIONS } from './widgetlib.module-definition.js';
export type * from './widgetlib-options.interface.js';
