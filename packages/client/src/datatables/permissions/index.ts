export { applyPermissionControls, FOR_TABLE_ATTRIBUTE, REQUIRES_ATTRIBUTE } from './permission-controls.component.js';
export { grants, parseTablePermissions, type TablePermissions } from './table-permissions.parser.js';
