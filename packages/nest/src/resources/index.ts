export { DataTableResource, type DataTableResourceController } from './datatable-resource.controller.js';
export type {
  DataTableResourceOptions,
  ReadOnlyResourceOptions,
  ResourceAction,
  ResourcePermission,
  ResourcePermissions,
  ResourceWriteContext,
  WritableResourceOptions,
} from './datatable-resource.options.js';
