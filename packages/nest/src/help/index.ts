export { CreateHelpDto, ReplaceHelpDto, UpdateHelpDto } from './help.dto.js';
export { Help } from './help.entity.js';
export { defaultGetLanguage } from './default-language.resolver.js';
export { HelpLanguageService } from './help-language.service.js';
export { HelpChangedException } from './help-changed.exception.js';
export { sanitizeHelpHtml } from './help-html.sanitizer.js';
export { helpEntityTag, type HelpVersionCondition } from './help-version.condition.js';
export { HelpService, type HelpFilter, type HelpInput, type HelpWriteOptions } from './help.service.js';
export { HelpRevision, type HelpRevisionAction } from './help-revision.entity.js';
export type { HelpRevisionView, HelpState } from './help-revision.record.js';
export { HelpHistoryService } from './help-history.service.js';
export {
  HELP_EXPORT_FORMAT,
  HELP_EXPORT_SCHEMA_VERSION,
  type HelpExport,
  type HelpExportEntry,
} from './help-export.format.js';
export type { HelpImportOptions, HelpImportReport } from './help-transfer.js';
export { HelpUsageCounter, type HelpUsageKind } from './help-usage-counter.entity.js';
export { HelpUsageService } from './help-usage.service.js';
export type { HelpEntryUsage, HelpFieldUsage, HelpUsageReport, HelpUsageSummary } from './help-usage.js';
export { HelpField } from './help-field.entity.js';
export { HelpFieldReport } from './help-field-report.entity.js';
export { HelpCoverageService } from './help-coverage.service.js';
export type { HelpFieldCoverage, HelpFieldsReport, HelpViewCoverage } from './help-coverage.js';
export { HelpWriteSubscriber } from './help-write.subscriber.js';
export { HelpWriteConflictException } from './help-write-conflict.exception.js';
export { HelpCriteriaWriteError } from './help-criteria-write.error.js';
export { runHelpWrite, type HelpWriteContext } from './help-write.context.js';
