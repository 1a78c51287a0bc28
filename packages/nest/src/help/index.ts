export { HelpController } from './help.controller.js';
export { CreateHelpDto, HelpListQueryDto, ReplaceHelpDto, UpdateHelpDto } from './help.dto.js';
export { Help } from './help.entity.js';
export {
  HELP_ID_VIEW_MAX_LENGTH,
  HELP_QUESTION_NAME_MAX_LENGTH,
  HELP_TEXT_MAX_DEPTH,
  HELP_TEXT_MAX_LENGTH,
  HELP_TITLE_MAX_LENGTH,
} from '#rules/help-limits.js';
export { sanitizeHelpHtml } from './help-html.sanitizer.js';
export { HelpService, type HelpFilter, type HelpInput } from './help.service.js';
