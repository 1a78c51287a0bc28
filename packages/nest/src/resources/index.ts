export { DataTableResource } from './datatable-resource.controller.js';
export type { DataTableResourceController } from './datatable-resource.types.js';
export type { ResourceEditorOptions, ResourceEditorTexts } from './editor/editor.options.js';
export type { ResourceTrashOptions } from './trash/index.js';
export type { EditorAnswer } from './editor/editor-answer.types.js';
export type { EditorFieldError } from './editor/editor-field-errors.writer.js';
export type {
  DataTableResourceOptions,
  ReadOnlyResourceOptions,
  ResourceAction,
  ResourcePermission,
  ResourcePermissions,
  ResourceWriteContext,
  WritableResourceOptions,
} from './datatable-resource.options.js';
export type {
  HistoryChange,
  HistoryRecording,
  ResourceHistoryOptions,
  ResourceHistoryPage,
  ResourceRevisionAction,
  ResourceRevisionView,
} from './history/index.js';
export { ResourceHistoryService, ResourceRevision } from './history/index.js';
