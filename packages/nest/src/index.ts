export * from './dates/index.js';
export * from './datatables/index.js';
export * from './bulk-actions/index.js';
export { jsonForScript } from './common/script-json.writer.js';
export type { HttpRequest } from './common/http-platform.reader.js';
export { databaseUnavailableException, isDatabaseUnavailableError } from './common/database-unavailable.exception.js';
export { DatabaseUnavailableInterceptor } from './common/database-unavailable.interceptor.js';
export { ParseIdPipe } from './common/parse-id.pipe.js';
export * from './help/index.js';
export * from './permissions/index.js';
export * from './resources/index.js';
export * from './saved-views/index.js';
export * from './live/index.js';
export * from './menu/index.js';
export * from './views/index.js';
export { WIDGETLIB_MIGRATIONS } from './migrations/index.js';
export { WidgetLibModule } from './widgetlib.module.js';
export { WIDGETLIB_ENTITIES } from './widgetlib.entities.js';
export { DEFAULT_HELP_PERMISSIONS, InjectWidgetLibConfig, type WidgetLibConfig } from './widgetlib.config.js';
export type * from './widgetlib.options.js';
export {
  addMessageLanguage,
  ENGLISH_MESSAGES,
  SPANISH_MESSAGES,
  type LanguageTexts,
  type UserMessage,
  type UserMessageCode,
  type UserMessageParams,
  type UserMessages,
} from './common/messages/index.js';
