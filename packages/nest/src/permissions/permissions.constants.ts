export const REQUIRED_PERMISSIONS_METADATA = 'widgetlib:required-permissions';
