// `@widgetlib/client/languages/es`: the Spanish catalogue, for `addLanguage('es', SPANISH)`.
export { SPANISH } from '../languages/index.js';
