export { setGlobalPrefix, UrlResolver } from './url-resolver.service.js';
export type { WidgetLibLocals, WidgetLibRequest } from './view-context.interceptor.js';
export { ViewName, type ViewNameOptions } from './view-name.decorator.js';
export { HELP_DETAIL_ROUTE, HELP_LIST_ROUTE } from './views.constants.js';
export type { RouteParams, RouteParamValue } from './route-path.writer.js';
