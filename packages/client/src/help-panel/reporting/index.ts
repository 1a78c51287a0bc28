export { HelpCoverageReporter, panelCoverageReporter } from './help-coverage-reporter.client.js';
export { type HelpfulAnswer, type HelpUsageOutcome, HelpUsageReporter } from './help-usage-reporter.client.js';
