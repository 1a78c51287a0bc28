export { DataTableResource } from './datatable-resource.controller.js';
export type { DataTableResourceController } from './datatable-resource.types.js';
export type {
  DataTableResourceOptions,
  ReadOnlyResourceOptions,
  ResourceAction,
  ResourcePermission,
  ResourcePermissions,
  ResourceWriteContext,
  WritableResourceOptions,
} from './datatable-resource.options.js';
