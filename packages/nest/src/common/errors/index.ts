export { WidgetLibError, type WidgetLibFailure } from './widgetlib.errors.js';
export { asHttpError, httpExceptionOf } from './http-error.mapping.js';
