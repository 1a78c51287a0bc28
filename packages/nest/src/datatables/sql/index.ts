export { type ResolvedPath, resolveFieldPath, INT32_RANGE, fieldSpecOf } from './field-path.reader.js';
export { aliasMetadata, readsWholeTable, isolatedBase, withoutUnusedLeftJoins } from './base-query.reader.js';
export { and, setUpTableQuery, type TableQuerySetup } from './table-setup.query.js';
export { eagerRepositoryQuery, handlerBaseQuery } from './handler-base.query.js';
export { StatementTimeoutError, withStatementTimeout } from './statement-timeout.query.js';
export { readFrom, type ReadSource } from './replica-reads.query.js';
export { ConditionWriter } from './condition.writer.js';
export { TableSql } from './table-sql.writer.js';
export { SortKeyWriter, type FirstRankJoin, type SortKey } from './sort-keys.writer.js';
export {
  keptShape,
  STATEMENT_TEXTS_KEPT,
  StatementTextCache,
  statementTexts,
  withCachedText,
} from './statement-text.cache.js';
export { queryShape } from './query-shape.reader.js';
export { readFirstRow, readRowArrays } from './row-arrays.query.js';
