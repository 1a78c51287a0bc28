export { HelpCoverageController } from './help-coverage.controller.js';
export { HelpCoverageService } from './help-coverage.service.js';
export {
  DEFAULT_HELP_COVERAGE_REPORTERS,
  type HelpFieldCoverage,
  type HelpFieldsReport,
  type HelpViewCoverage,
} from './help-coverage.checks.js';
export { HelpField } from './help-field.entity.js';
export { HelpFieldReport } from './help-field-report.entity.js';
