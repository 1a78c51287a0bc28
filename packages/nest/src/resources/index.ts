export { DataTableResource, type DataTableResourceController } from './datatable-resource.factory.js';
export type { DataTableResourceOptions, ResourceAction, ResourceWriteContext } from './datatable-resource.options.js';
