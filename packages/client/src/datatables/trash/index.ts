export type { DataTableTrashOptions } from './trash.options.js';
export { installTrashView, TRASH_CLASS } from './trash-view.component.js';
