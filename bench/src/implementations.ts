/**
 * The implementations, in the order each scenario runs them: the hand-written SQL (the reference
 * answer), nestjs-paginate with its default count and with `optimizedCount: true`, and widgetlib's
 * `@DataTable` with the library's defaults (the total of a filtered request kept in the count cache) and
 * with every count kept (`count: 'cached'`).
 */
export const IMPLEMENTATIONS = [
  'sql',
  'nestjs-paginate',
  'nestjs-paginate-optimized',
  'widgetlib',
  'widgetlib-cached',
] as const;
export type Implementation = (typeof IMPLEMENTATIONS)[number];
export type WidgetlibImplementation = Extract<Implementation, 'widgetlib' | 'widgetlib-cached'>;
export type PaginateImplementation = Extract<Implementation, 'nestjs-paginate' | 'nestjs-paginate-optimized'>;

export const ENDPOINTS: Record<Implementation, string> = {
  sql: '/sql/people',
  'nestjs-paginate': '/paginate/people',
  'nestjs-paginate-optimized': '/paginate-optimized/people',
  widgetlib: '/widgetlib/people',
  'widgetlib-cached': '/widgetlib-cached/people',
};

export function isWidgetlib(implementation: Implementation): implementation is WidgetlibImplementation {
  return implementation === 'widgetlib' || implementation === 'widgetlib-cached';
}

/** nestjs-paginate's endpoints take its own query parameters (`page`, `filter.*`, `sortBy`) and answer its own envelope. */
export function isPaginate(implementation: Implementation): implementation is PaginateImplementation {
  return implementation === 'nestjs-paginate' || implementation === 'nestjs-paginate-optimized';
}
