export const VIEW_NAME_METADATA = 'widgetlib:view-name';

/** Route name of the help list endpoint (`<routePrefix>/help/`). */
export const HELP_LIST_ROUTE = 'help-list';
/** Route name of one help entry (`<routePrefix>/help/{id}/`). */
export const HELP_DETAIL_ROUTE = 'help-detail';
