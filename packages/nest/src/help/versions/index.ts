export { HelpChangedException } from './help-changed.exception.js';
export { HelpEntityTagInterceptor } from './help-entity-tag.interceptor.js';
export { entityTag as helpEntityTag, versionMeets, IfMatch } from '../../common/versions/index.js';
export type { HelpVersionCondition } from './help-version-condition.types.js';
export { HelpWriteConflictException } from './help-write-conflict.exception.js';
