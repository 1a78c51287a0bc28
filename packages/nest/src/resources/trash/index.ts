export type { ResourceTrashOptions } from './trash.options.js';
export { ResourceTrash } from './resource-trash.query.js';
export { TrashPermissionsInterceptor } from './trash-permissions.interceptor.js';
export { RestoreRoute, TrashListRoute } from './trash-routes.decorator.js';
export { discardRecords } from './trash-records.query.js';
export { TrashNotServedError, TrashPurgeValueError } from './trash.errors.js';
export { TrashDocs } from './trash-docs.decorator.js';
