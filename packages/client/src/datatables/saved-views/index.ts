export { SAVED_VIEWS_CLASS, SAVED_VIEWS_STATUS_CLASS } from './saved-views-control.types.js';
export { deferSavedViewsControl } from './deferred-saved-views-control.component.js';
export {
  type SavedViewChange,
  SavedViewsClient,
  SavedViewsRequestError,
  type SavedViewSummary,
} from './saved-views.client.js';
export { afterSavedViewsInit, savedStateOf, savedViewsConfig, type SavedViewsOptions } from './saved-views.options.js';
export { type TableState, UNSAVED_STATE_KEYS, viewIdFromLocation, viewLink } from './table-state.format.js';
