export { HelpController } from './help.controller.js';
export { CreateHelpDto, ReplaceHelpDto, UpdateHelpDto } from './help.dto.js';
export { HelpRevisionsController } from './help-revisions.controller.js';
export { HelpService, type HelpFilter, type HelpInput, type HelpWriteOptions } from './help.service.js';
