export type { ResourceTrashOptions } from './trash.options.js';
export { ResourceTrash } from './resource-trash.query.js';
export { TrashPermissions, TrashPermissionsInterceptor } from './trash-permissions.interceptor.js';
export { discardRecords } from './trash-records.query.js';
export { TrashNotServedError, TrashPurgeValueError } from './trash.errors.js';
