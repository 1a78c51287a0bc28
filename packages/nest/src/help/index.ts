export { CreateHelpDto, ReplaceHelpDto, UpdateHelpDto } from './help.dto.js';
export { Help } from './help.entity.js';
export { sanitizeHelpHtml } from './help-html.sanitizer.js';
export { HelpService, type HelpFilter, type HelpInput } from './help.service.js';
