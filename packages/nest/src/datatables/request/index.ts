export { readRequestParameters } from './request-parameters.reader.js';
export { QueryParameters, isParameterObject, type ParameterObject, type ParameterTree } from './query-string.parser.js';
export { FieldConditionReader, type FieldOperation, valuesTaken } from './field-condition.reader.js';
export {
  nativeColumnPath,
  type NativeColumn,
  nativeFlag,
  readNativeColumns,
  readNativeOrdering,
} from './native-params.reader.js';
export { readText, FilterValueParser, readInteger } from './filter-value.parser.js';
export { ColumnFilterParser } from './column-filters.parser.js';
