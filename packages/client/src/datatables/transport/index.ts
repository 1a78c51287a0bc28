export { choiceLabels, type DataTablesExtensionsData, extensionParams } from './datatables-extensions.format.js';
export { buildRequestUrl, formatDataTablePageParams, formatDataTableParams } from './datatables-params.writer.js';
export { type CountKind, type EnvelopeCounts, errorMessage, parseEnvelope } from './datatables-response.parser.js';
export { listRequest, type ListRequest } from './list-request.writer.js';
export { createServerLoader, type DataTableFilterHook } from './server-loader.client.js';
