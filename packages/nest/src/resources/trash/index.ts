export type { ResourceTrashOptions } from './trash.options.js';
export { ResourceTrash } from './resource-trash.query.js';
export { RestoreRoute, TrashListRoute } from './trash-routes.decorator.js';
export { TrashDocs } from './trash-docs.decorator.js';
export { discardRecords } from './trash-records.query.js';
