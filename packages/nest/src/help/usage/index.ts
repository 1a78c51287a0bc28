export { HelpUsageCounter } from './help-usage-counter.entity.js';
export { incrementHelpUsageCounter } from './help-usage-counter.query.js';
export { HelpUsageController } from './help-usage.controller.js';
export { HelpUsageService } from './help-usage.service.js';
export {
  DEFAULT_HELP_USAGE_RETENTION_DAYS,
  type HelpUsageKind,
  type HelpEntryUsage,
  type HelpFieldUsage,
  type HelpUsageReport,
  type HelpUsageSummary,
} from './help-usage.checks.js';
