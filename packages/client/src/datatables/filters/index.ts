export {
  addSearchInputsAndFooterDataTable,
  clearDataTableFilters,
  FILTER_DEBOUNCE_MS,
} from './filter-row.component.js';
