export { CreateHelpDto, HelpController, ReplaceHelpDto, UpdateHelpDto } from './entries/index.js';
export { Help } from './help.entity.js';
export { defaultGetLanguage } from './language/index.js';
export { HelpLanguageService } from './language/index.js';
export { HelpChangedException } from './versions/index.js';
export { sanitizeHelpHtml } from './help-html.writer.js';
export { helpEntityTag, type HelpVersionCondition } from './versions/index.js';
export { HelpService, type HelpFilter, type HelpInput, type HelpWriteOptions } from './entries/index.js';
export { HelpRevision, type HelpRevisionAction } from './revisions/index.js';
export type { HelpRevisionView, HelpState } from './revisions/index.js';
export { HelpHistoryService } from './revisions/index.js';
export {
  HELP_EXPORT_FORMAT,
  HELP_EXPORT_SCHEMA_VERSION,
  type HelpExport,
  type HelpExportEntry,
} from './transfer/index.js';
export type { HelpImportOptions, HelpImportReport } from './transfer/index.js';
export { HelpUsageCounter, type HelpUsageKind } from './usage/index.js';
export { HelpUsageService } from './usage/index.js';
export type { HelpEntryUsage, HelpFieldUsage, HelpUsageReport, HelpUsageSummary } from './usage/index.js';
export { HelpField } from './coverage/index.js';
export { HelpFieldReport } from './coverage/index.js';
export { HelpCoverageService } from './coverage/index.js';
export type { HelpFieldCoverage, HelpFieldsReport, HelpViewCoverage } from './coverage/index.js';
export { HelpWriteSubscriber } from './writes/index.js';
export { HelpWriteConflictException } from './versions/index.js';
export { HelpCriteriaWriteError } from './writes/index.js';
export { runHelpWrite, type HelpWriteContext } from './writes/index.js';
