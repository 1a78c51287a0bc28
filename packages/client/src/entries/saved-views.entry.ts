// `@widgetlib/client/saved-views`: a table's saved views on the server, for code of the host's own.
export {
  SAVED_VIEWS_CLASS,
  SAVED_VIEWS_STATUS_CLASS,
  SavedViewsClient,
  SavedViewsRequestError,
  UNSAVED_STATE_KEYS,
  viewIdFromLocation,
  viewLink,
  type SavedViewChange,
  type SavedViewSummary,
  type SavedViewsOptions,
  type TableState,
} from '../datatables/saved-views/index.js';
