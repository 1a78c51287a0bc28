// A resource's history (`history` on `DataTableResource`): revisions of its records, read and restored.
export { changesBetween, stateBefore } from './history-changes.writer.js';
export type { HistoryChange, HistoryField, HistorySnapshot } from './history-changes.writer.js';
export { HistoryRoutes } from './history-routes.query.js';
export { historyOptions, historyProblems } from './resource-history.options.js';
export type { ResourceHistoryOptions } from './resource-history.options.js';
export { ResourceHistory } from './resource-history.query.js';
export { ResourceHistoryService } from './resource-history.service.js';
export type {
  HistoryAccess,
  HistoryRecording,
  ResourceHistoryPage,
  ResourceRevisionView,
} from './resource-history.query.js';
export { ResourceRevision } from './resource-revision.entity.js';
export type { ResourceRevisionAction } from './resource-revision.entity.js';
