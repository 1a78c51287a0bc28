export type {
  DatabaseDialect,
  DatabaseServer,
  DriverErrorShape,
  EstimatedTable,
  MysqlServer,
  OrderSnapshots,
  RowArrays,
  StatementCanceller,
  TextAnchor,
} from './database-dialect.types.js';
export { COLLATION_LANGUAGES, type CollationLanguage } from './collation-language.types.js';
export { collationLanguageProblem } from './collation-language.checks.js';
export { databaseDialect } from './database-dialect.query.js';
export { textColumnByteCapacity } from './dialect-family.registry.js';
export { isConnectionLost, isUniqueViolation, isValueTooLong, stoppedByTimeout } from './driver-error.reader.js';
export { foldCase } from './case-fold.writer.js';
export { containsPattern, foldedContains, LIKE_ESCAPE } from './like-pattern.writer.js';
export { postgresDialect } from './postgres.dialect.js';
export { exactCollation, mysqlDialects } from './mysql.dialect.js';
export { DEADLINE_PARAMETER, deadlineValue, SqliteDeadlineError, sqliteDialect } from './sqlite.dialect.js';
