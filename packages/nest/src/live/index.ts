export { DataTableChanges } from './datatable-changes.service.js';
export { DataTableChangeSubscriber } from './datatable-change.subscriber.js';
export type { ChangeKind, LiveTablesOptions } from './live.options.js';
export type { LiveChangeEvent, NoticeKey } from './live-notice.types.js';
