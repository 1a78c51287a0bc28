export { loadLiveTable } from './live-table.loader.js';
export { parseLiveInfo, type LiveTableInfo } from './live-notice.parser.js';
