export { CreateHelpDto, ReplaceHelpDto, UpdateHelpDto } from './entries/help.dto.js';
export { Help } from './help.entity.js';
export { defaultGetLanguage } from './language/default-language.reader.js';
export { HelpLanguageService } from './language/help-language.service.js';
export { HelpChangedException } from './versions/help-changed.exception.js';
export { sanitizeHelpHtml } from './help-html.writer.js';
export { helpEntityTag, type HelpVersionCondition } from './versions/help-version-condition.parser.js';
export { HelpService, type HelpFilter, type HelpInput, type HelpWriteOptions } from './entries/help.service.js';
export { HelpRevision, type HelpRevisionAction } from './revisions/help-revision.entity.js';
export type { HelpRevisionView, HelpState } from './revisions/help-revision.query.js';
export { HelpHistoryService } from './revisions/help-history.service.js';
export {
  HELP_EXPORT_FORMAT,
  HELP_EXPORT_SCHEMA_VERSION,
  type HelpExport,
  type HelpExportEntry,
} from './transfer/help-export.format.js';
export type { HelpImportOptions, HelpImportReport } from './transfer/help-transfer.query.js';
export { HelpUsageCounter, type HelpUsageKind } from './usage/help-usage-counter.entity.js';
export { HelpUsageService } from './usage/help-usage.service.js';
export type { HelpEntryUsage, HelpFieldUsage, HelpUsageReport, HelpUsageSummary } from './usage/help-usage.checks.js';
export { HelpField } from './coverage/help-field.entity.js';
export { HelpFieldReport } from './coverage/help-field-report.entity.js';
export { HelpCoverageService } from './coverage/help-coverage.service.js';
export type { HelpFieldCoverage, HelpFieldsReport, HelpViewCoverage } from './coverage/help-coverage.checks.js';
export { HelpWriteSubscriber } from './writes/help-write.subscriber.js';
export { HelpWriteConflictException } from './versions/help-write-conflict.exception.js';
export { HelpCriteriaWriteError } from './writes/help-criteria-write.errors.js';
export { runHelpWrite, type HelpWriteContext } from './writes/help-write-context.registry.js';
