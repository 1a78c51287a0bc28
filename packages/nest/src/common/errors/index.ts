// The library's own errors, which pure code throws; the Nest edge turns them into HTTP answers
// through `http-error.mapping.ts` (imported by path, so that this surface loads no Nest).
export { WidgetLibError, type WidgetLibFailure } from './widgetlib.errors.js';
