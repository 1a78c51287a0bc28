export { SavedView, type SavedViewKind } from './saved-view.entity.js';
export {
  SAVED_VIEW_MAX_STATE_BYTES,
  SAVED_VIEW_NAME_MAX_LENGTH,
  SAVED_VIEWS_PER_TABLE,
} from './saved-view.constants.js';
export { SAVED_STATE_KEYS, type SavedColumn, type SavedSearch, type SavedState } from './saved-view-state.parser.js';
export { SavedViewTables, type SavedViewTable } from './saved-view-tables.registry.js';
export {
  SavedViewsService,
  type SavedViewChanges,
  type SavedViewRecord,
  type SavedViewUser,
} from './saved-views.service.js';
