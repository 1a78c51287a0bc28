// What the module and the other capabilities of the package use from live tables (not public: index.ts is).
export { DataTableChanges } from './datatable-changes.service.js';
export { LiveNotices } from './live-notices.service.js';
export { LiveStreamController } from './live-stream.controller.js';
export { LiveStreams } from './live-streams.service.js';
export { LiveTables } from './live-tables.registry.js';
export { LIVE_TABLE_SCOPE } from './live-table.constants.js';
export type { ChangeKind } from './live.options.js';
