// Versions of records and the `If-Match` / `ETag` headers that name them (help entries, resource rows).
export { IfMatch } from './if-match.decorator.js';
export {
  entityTag,
  IF_MATCH_FORMAT,
  parseIfMatch,
  versionMeets,
  type VersionCondition,
} from './version-condition.parser.js';
