export {
  columnPlacements,
  hasResponsiveExtension,
  RESPONSIVE_TABLE_CLASS,
  wrapInScrollRegion,
} from './scroll-region.component.js';
export {
  chooseTableOverflow,
  overflowColumn,
  ROW_ACTIONS_CLASS,
  type TableOverflow,
} from './table-overflow.options.js';
