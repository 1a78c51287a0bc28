// A resource's history (`history` on `DataTableResource`): revisions of its records, read and restored.
export type { HistoryChange } from './history-changes.writer.js';
export { HistoryRoutes } from './history-routes.query.js';
export { historyOptions, historyProblems } from './resource-history.options.js';
export type { ResourceHistoryOptions } from './resource-history.options.js';
export { ResourceHistory } from './resource-history.query.js';
export type { HistoryRecording, ResourceHistoryPage, ResourceRevisionView } from './resource-history.query.js';
export { ResourceHistoryService } from './resource-history.service.js';
export { ResourceRevision } from './resource-revision.entity.js';
export type { ResourceRevisionAction } from './resource-revision.entity.js';
