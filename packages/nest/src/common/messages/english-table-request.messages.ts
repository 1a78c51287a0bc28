import type { TableRequestMessages } from './table-request-messages.types.js';

export const ENGLISH_TABLE_REQUEST_MESSAGES: TableRequestMessages = {
  'table.not-integer': '{name} must be an integer from {min} to {max}, got {value}',
  'table.not-number': '{name} must be a number, got {value}',
  'table.number-out-of-range': '{name} is out of the range of a {precision}-precision number, got {value}',
  'table.not-boolean': '{name} must be true or false (also 1/0, yes/no), got {value}',
  'table.not-uuid': '{name} must be a UUID, got {value}',
  'table.not-date': '{name} must be a date as yyyy-MM-dd, got {value}',
  'table.not-datetime':
    '{name} must be an ISO 8601 date-time (yyyy-MM-ddTHH:mm[:ss][offset], read in {zone} without an offset) or a date (yyyy-MM-dd), got {value}',
  'table.datetime-offset': '{name}: the offset of {value} is out of range (from -{hours}:59 to +{hours}:59)',
  'table.datetime-needs-time': '{name}: every value must be a date-time with a time, got {value}',
  'table.not-a-choice': '{name} must be one of {choices}, got {value}',
  'table.text-too-long': '{name} must be at most {max} characters, got {length}',
  'table.text-nul': '{name} must not contain NUL characters',
  'table.range-format': '{name} must be <from>,<to> (either side may be empty), got {value}',
  'table.too-many-values': '{name} takes at most {max} values, got {count}',
  'table.too-many-listed-values': '{name} takes at most {max} comma-separated values, got {count}',
  'table.single-precision': 'single',
  'table.double-precision': 'double',
  'table.too-many-filters': '{name}: at most {max} filters are allowed in one request',
  'table.too-many-criteria':
    '{name}: at most {max} SearchBuilder criteria and ColumnControl searches are allowed in one request',
  'table.criteria-too-deep': '{name}: groups may be nested at most {max} deep',
  'table.too-many-pane-options': '{name} selects {count} options; at most {max} are allowed',
  'table.no-search-fields': '{name}: this table has no search fields',
  'table.too-many-terms': '{name} has {count} different terms; at most {max} are allowed',
  'table.term-too-short': '{name}: every term needs at least {min} characters, got {value}',
  'table.offset-too-deep':
    "{name} asks to skip {offset} rows; at most {max} are allowed (limits.maxOffset): read deeper rows by keyset with {cursor} (empty for the first page, then the answer's next)",
  'table.too-many-ordering-fields': 'ordering names {count} fields; at most {max} are allowed',
  'table.too-many-order-entries': 'order has {count} entries; at most {max} are allowed',
};
