export { parseAggregates, type AggregateColumn, type PreparedAggregates } from './aggregate-declaration.parser.js';
export { AggregatesQuery } from './aggregates.query.js';
export { groupedOrdering, groupKey } from './row-group.ordering.js';
export { AVERAGE_EXTRA_SCALE, scaledAverage, scaledText } from './aggregate-value.format.js';
