export const REQUIRED_PERMISSIONS_METADATA = 'widgetlib:required-permissions';

/**
 * Opens an action of a `DataTableResource` to everyone, anonymous users included:
 * `permissions: { list: PUBLIC }`. An action the declaration does not name requires an
 * authenticated user; nothing is open unless it says so.
 */
export const PUBLIC: unique symbol = Symbol('widgetlib.public');
