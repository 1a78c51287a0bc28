export { ALL_PERMISSIONS } from './all-permissions.constants.js';
export { AUTHENTICATED, PUBLIC } from './permissions.constants.js';
export { defaultGetPermissions } from './default-permissions.reader.js';
export { defaultGetUserName } from './default-user-name.reader.js';
export { RequirePermissions } from './permissions.decorator.js';
export { MissingPermissionsException } from './missing-permissions.exception.js';
export { PermissionsGuard } from './permissions.guard.js';
export { PermissionsService } from './permissions.service.js';
