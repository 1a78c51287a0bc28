export { ALL_PERMISSIONS } from './all-permissions.js';
export { AUTHENTICATED, PUBLIC } from './permissions.constants.js';
export { defaultGetPermissions } from './default-permissions.resolver.js';
export { defaultGetUserName } from './default-user-name.resolver.js';
export { RequirePermissions } from './permissions.decorator.js';
export { PermissionsGuard } from './permissions.guard.js';
export { PermissionsService } from './permissions.service.js';
