/**
 * The 400s of a table request that a page's user can cause (a filter row's value, a search, a
 * SearchPanes or SearchBuilder selection); `{name}` is the parameter, `{value}` the value as sent.
 * The request's other problems (a malformed parameter a page never sends) stay in English.
 */
export interface TableRequestMessages {
  'table.not-integer': string;
  'table.not-number': string;
  'table.number-out-of-range': string;
  'table.not-boolean': string;
  'table.not-uuid': string;
  'table.not-date': string;
  'table.not-datetime': string;
  'table.datetime-offset': string;
  'table.datetime-needs-time': string;
  'table.not-a-choice': string;
  'table.text-too-long': string;
  'table.text-nul': string;
  'table.range-format': string;
  'table.too-many-values': string;
  'table.too-many-listed-values': string;
  'table.single-precision': string;
  'table.double-precision': string;
  'table.too-many-filters': string;
  'table.too-many-criteria': string;
  'table.criteria-too-deep': string;
  'table.too-many-pane-options': string;
  'table.no-search-fields': string;
  'table.too-many-terms': string;
  'table.term-too-short': string;
  'table.offset-too-deep': string;
  'table.too-many-ordering-fields': string;
  'table.too-many-order-entries': string;
}
