export {
  installFooterTotals,
  installGroupRowsFit,
  prepareTotalsFooter,
  rowGroupTotals,
} from './table-totals.component.js';
export { footerAggregate, parseAggregates, parseGroups, type AggregateValues } from './table-totals.format.js';
