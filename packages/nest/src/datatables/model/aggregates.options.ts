/** What an aggregate declaration may ask of a path (`DataTableOptions.aggregates`). */
export const AGGREGATE_FUNCTIONS = ['sum', 'avg', 'min', 'max', 'count'] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

/** The aggregates a table declares, by path: `{ price: ['sum', 'avg'], tracks__seconds: ['sum'] }`. */
export type DataTableAggregates = Readonly<Record<string, readonly AggregateFunction[]>>;

/**
 * A value of an aggregate: a decimal (and an average) as a string with its digits exact; an
 * integer sum, minimum or maximum as a number (a string past 2^53); a float column's as a number;
 * a date's or a date-time's minimum or maximum as ISO 8601 (`yyyy-MM-dd`, or the instant in UTC);
 * null when no row has a value (but `sum`, which is then 0).
 */
export type AggregateValue = string | number | null;

/** The values of one path's aggregates, those the table declares for it. */
export type DataTableAggregateValues = Partial<Record<AggregateFunction, AggregateValue>>;

/** One group's subtotals: its rows among the filtered ones, and its aggregates. */
export type DataTableGroupTotals = { count: number } & { [path: string]: DataTableAggregateValues | number };
