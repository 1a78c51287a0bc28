export { csrfHeaders, csrfTokenFromMeta, isSameOrigin } from './csrf-headers.writer.js';
export { DEFAULT_CSRF_HEADER, type CsrfOptions } from './csrf.options.js';
export { isMissingPermissions } from './missing-permissions.parser.js';
export { languageHeaders } from './language-headers.writer.js';
export { noteOwnWrite, OWN_WRITE_EVENT, type OwnWrite } from './own-write.component.js';
