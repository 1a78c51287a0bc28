export { HelpHistoryService } from './help-history.service.js';
export { HelpRevision, type HelpRevisionAction } from './help-revision.entity.js';
export { recordRevision, revisionView, type HelpRevisionView, type HelpState } from './help-revision.query.js';
