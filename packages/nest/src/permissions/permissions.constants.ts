export const REQUIRED_PERMISSIONS_METADATA = 'widgetlib:required-permissions';

/**
 * Opens an action of a `DataTableResource` to everyone, anonymous users included:
 * `permissions: { list: PUBLIC }`. An action the declaration does not name is not served at all.
 */
export const PUBLIC: unique symbol = Symbol('widgetlib.public');

/**
 * Opens an action of a `DataTableResource` to any authenticated user, whatever their permissions
 * (401 without a user): `permissions: { list: AUTHENTICATED }`. An action the declaration does not
 * name is not served at all.
 */
export const AUTHENTICATED: unique symbol = Symbol('widgetlib.authenticated');
