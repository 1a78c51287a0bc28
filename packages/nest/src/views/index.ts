export { fillRoutePath, joinRoutePath, type RouteParams, type RouteParamValue } from './route-path.js';
export { setGlobalPrefix } from './set-global-prefix.js';
export { UrlResolver } from './url-resolver.service.js';
export { ViewContextInterceptor, type WidgetLibLocals, type WidgetLibRequest } from './view-context.interceptor.js';
export { defaultNamespace, kebabCase, resolveViewId, type ViewIdParts } from './view-id.js';
export { ViewName } from './view-name.decorator.js';
export { readViewId } from './view-name.metadata.js';
export { HELP_DETAIL_ROUTE, HELP_LIST_ROUTE, VIEW_NAME_METADATA } from './views.constants.js';
