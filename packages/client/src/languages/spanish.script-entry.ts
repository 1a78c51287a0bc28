// dist/widgetlib.es.min.js: loaded after widgetlib.min.js (or widgetlib.full.min.js) by a host whose
// pages may be in Spanish; it adds the Spanish catalogue to the bundle's `window.widgetlib`.
import { SPANISH } from './spanish.texts.js';

window.widgetlib.addLanguage('es', SPANISH);
