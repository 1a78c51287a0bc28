export const VIEW_NAME_METADATA = 'widgetlib:view-name';
/** Set by `@ViewName(name, { page: false })`: an API route, not a page. */
export const VIEW_NOT_A_PAGE_METADATA = 'widgetlib:view-not-a-page';

/** Route name of the help list endpoint (`<routePrefix>/help/`). */
export const HELP_LIST_ROUTE = 'help-list';
/** Route name of one help entry (`<routePrefix>/help/{id}/`). */
export const HELP_DETAIL_ROUTE = 'help-detail';
