export { openRecordHistory } from './record-history.component.js';
export type { RecordHistoryOptions, RecordHistoryView } from './record-history.options.js';
export type { RecordHistoryChange, RecordHistoryPage, RecordRevision } from './history-change.writer.js';
