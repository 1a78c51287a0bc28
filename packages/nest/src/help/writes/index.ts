export { forgetHelpCounts } from './help-counts.query.js';
export { HelpCriteriaWriteError } from './help-criteria-write.errors.js';
export { HelpDuplicateException } from './help-duplicate.exception.js';
export { fieldsOf, storableFields, type HelpFields } from './help-fields.checks.js';
export { writingFields } from './help-fields-write.query.js';
export { HelpWriteAuthorInterceptor } from './help-write-author.interceptor.js';
export { runHelpWrite, type HelpWriteContext } from './help-write-context.registry.js';
export { HelpWriteSubscriber } from './help-write.subscriber.js';
