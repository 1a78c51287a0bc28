/**
 * The control's root class; its parts are `__form`, `__list`, `__item`, `__load`, `__current`,
 * `__share`, `__delete`, `__confirm`, `__link`, `__status`, `__error`; `SAVED_VIEWS_STATUS_CLASS`
 * is the status line of a table without the control.
 */
export const SAVED_VIEWS_CLASS = 'widgetlib-saved-views';
export const SAVED_VIEWS_STATUS_CLASS = `${SAVED_VIEWS_CLASS}-status`;
