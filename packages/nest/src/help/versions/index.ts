export { HelpChangedException } from './help-changed.exception.js';
export { HelpEntityTagInterceptor } from './help-entity-tag.interceptor.js';
export { helpEntityTag, versionMeets, type HelpVersionCondition } from './help-version-condition.parser.js';
export { HelpWriteConflictException } from './help-write-conflict.exception.js';
export { IfMatch } from './if-match.decorator.js';
