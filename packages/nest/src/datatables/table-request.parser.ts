import { DateTime } from 'luxon';
import { parseBooleanWord } from '#rules/boolean-words.js';
import { foldCase } from './case-fold.js';
import { MAX_TEXT_LENGTH } from './table-request.limits.js';
import {
  LOOKUPS,
  type Bound,
  type ColumnFilter,
  type FieldSpec,
  type FilterValue,
  type Lookup,
  type OrderKey,
  type Predicate,
  type TableRequest,
  type TableRequestContext,
} from './table-request.types.js';

/** Inclusive bounds of a 32-bit integer column. */
export const INT32_RANGE: readonly [number, number] = [-2_147_483_648, 2_147_483_647];

/** A request the endpoint refuses: one message per problem, each naming its parameter. */
export class TableRequestError extends Error {
  constructor(
    readonly problems: string[],
    /** The request's `draw` when it parsed, so that the client can match the answer. */
    readonly draw: number | undefined,
  ) {
    super(problems.join('; '));
    this.name = 'TableRequestError';
  }
}

type RawQuery = Map<string, string[]>;

function addRaw(raw: RawQuery, key: string, value: string): void {
  const values = raw.get(key);
  if (values) values.push(value);
  else raw.set(key, [value]);
}

function flattenInto(raw: RawQuery, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item === 'string')) {
      for (const item of value) addRaw(raw, key, item);
    } else {
      value.forEach((item, index) => flattenInto(raw, `${key}[${index}]`, item));
    }
  } else if (typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) flattenInto(raw, `${key}[${name}]`, item);
  } else {
    addRaw(raw, key, String(value));
  }
}

/**
 * The query as flat `name -> values`, whichever query parser the host uses: Express 5's default
 * ("simple") keeps `order[0][column]` as one key, the "extended" one (qs) nests it in objects.
 * A parameter given several times has several values.
 */
export function flattenQuery(query: unknown): RawQuery {
  const raw: RawQuery = new Map();
  if (query && typeof query === 'object') {
    for (const [name, value] of Object.entries(query)) flattenInto(raw, name, value);
  }
  return raw;
}

const NATIVE_ORDER = /^order\[(\d{1,4})\]\[(column|dir|name)\]$/;
const NATIVE_COLUMN = /^columns\[(\d{1,4})\]\[(data|name|searchable|orderable)\]$/;
const NATIVE_COLUMN_SEARCH = /^columns\[(\d{1,4})\]\[search\]\[(value|regex)\]$/;
const OWN_PARAMETERS = new Set([
  'draw',
  'limit',
  'offset',
  'page',
  'page_size',
  'search',
  'ordering',
  'start',
  'length',
  'search[value]',
  'search[regex]',
]);

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME_START = /^\d{4}-\d{2}-\d{2}[T ]/;

/** `-year` -> year, descending. */
export function parseOrderingField(field: string): OrderKey {
  return field.startsWith('-') ? { path: field.slice(1), descending: true } : { path: field, descending: false };
}

interface NativeColumn {
  data?: string;
  name?: string;
  searchable?: string;
  orderable?: string;
  searchValue?: string;
  searchRegex?: string;
}

interface NativeOrder {
  column?: string;
  dir?: string;
  name?: string;
}

/** A date-time filter value: one instant, or a whole day of the configured time zone. */
type DateTimeValue = { instant: Date } | { dayStart: Date; nextDayStart: Date };

function quoted(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}...` : text);
}

function listed(names: readonly string[]): string {
  return names.length > 0 ? names.join(', ') : '(none)';
}

class RequestParser {
  readonly problems: string[] = [];
  private readonly raw: RawQuery;

  constructor(
    query: unknown,
    private readonly context: TableRequestContext,
  ) {
    this.raw = flattenQuery(query);
  }

  /** The parameter's only value; a parameter given more than once is a problem. */
  private single(name: string): string | undefined {
    const values = this.raw.get(name);
    if (!values) return undefined;
    if (values.length > 1) {
      this.problems.push(`${name} must be given once, got ${values.length} values`);
      return undefined;
    }
    return values[0];
  }

  private integer(name: string, text: string, min: number, max: number, allowed: string): number | undefined {
    const value = INTEGER.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be ${allowed}, got ${quoted(text)}`);
      return undefined;
    }
    return value;
  }

  private text(name: string, text: string): string | undefined {
    if (text.length > MAX_TEXT_LENGTH) {
      this.problems.push(`${name} must be at most ${MAX_TEXT_LENGTH} characters, got ${text.length}`);
      return undefined;
    }
    if (text.includes('\u0000')) {
      this.problems.push(`${name} must not contain NUL characters`);
      return undefined;
    }
    return text;
  }

  draw(): number | undefined {
    const text = this.single('draw');
    if (text === undefined) return 1;
    return this.integer('draw', text, 0, Number.MAX_SAFE_INTEGER, 'an integer >= 0');
  }

  /** A page size: 1..maxPageSize (larger values are clamped), or -1 for every row. */
  private pageSize(name: string, text: string): number | null | undefined {
    const { maxPageSize, allowAll } = this.context;
    const allowed = `an integer >= 1 (values above ${maxPageSize} are reduced to ${maxPageSize}) or -1 (${
      allowAll ? 'every row' : `reduced to ${maxPageSize}`
    })`;
    const size = this.integer(name, text, -1, Number.MAX_SAFE_INTEGER, allowed);
    if (size === undefined) return undefined;
    if (size === 0) {
      this.problems.push(`${name} must be ${allowed}, got "0"`);
      return undefined;
    }
    if (size === -1) return allowAll ? null : maxPageSize;
    return Math.min(size, maxPageSize);
  }

  paging(): { offset: number; limit: number | null } {
    const { pageSize } = this.context;
    const pageText = this.single('page');
    const pageSizeText = this.single('page_size');
    const limitText = this.single('limit') ?? this.single('length');
    const offsetText = this.single('offset') ?? this.single('start');
    if (pageText !== undefined || pageSizeText !== undefined) {
      if (limitText !== undefined || offsetText !== undefined) {
        this.problems.push('page and page_size cannot be combined with limit/offset (or start/length)');
        return { offset: 0, limit: pageSize };
      }
      const size = pageSizeText === undefined ? pageSize : this.pageSize('page_size', pageSizeText);
      const page = pageText === undefined ? 1 : this.integer('page', pageText, 1, Number.MAX_SAFE_INTEGER, 'an integer >= 1');
      if (size === undefined || page === undefined) return { offset: 0, limit: pageSize };
      const offset = size === null ? 0 : (page - 1) * size;
      if (!Number.isSafeInteger(offset)) {
        this.problems.push(`page is too large for page_size ${size}`);
        return { offset: 0, limit: pageSize };
      }
      return { offset, limit: size };
    }
    const limitName = this.raw.has('limit') ? 'limit' : 'length';
    const offsetName = this.raw.has('offset') ? 'offset' : 'start';
    const limit = limitText === undefined ? pageSize : this.pageSize(limitName, limitText);
    const offset =
      offsetText === undefined
        ? 0
        : this.integer(offsetName, offsetText, 0, Number.MAX_SAFE_INTEGER, 'an integer >= 0');
    return { offset: offset ?? 0, limit: limit === undefined ? pageSize : limit };
  }

  nativeColumns(): Map<number, NativeColumn> {
    const columns = new Map<number, NativeColumn>();
    const column = (index: string): NativeColumn => {
      const key = Number(index);
      let found = columns.get(key);
      if (!found) columns.set(key, (found = {}));
      return found;
    };
    for (const name of this.raw.keys()) {
      const plain = NATIVE_COLUMN.exec(name);
      const index = (plain ?? NATIVE_COLUMN_SEARCH.exec(name))?.[1];
      if (index !== undefined && !columns.has(Number(index)) && columns.size >= this.context.limits.maxColumns) {
        this.problems.push(`columns: at most ${this.context.limits.maxColumns} columns[i] entries are allowed`);
        break;
      }
      if (plain) {
        const value = this.single(name);
        if (value !== undefined) column(plain[1]!)[plain[2] as 'data' | 'name' | 'searchable' | 'orderable'] = value;
        continue;
      }
      const search = NATIVE_COLUMN_SEARCH.exec(name);
      if (search) {
        const value = this.single(name);
        if (value !== undefined) column(search[1]!)[search[2] === 'value' ? 'searchValue' : 'searchRegex'] = value;
      }
    }
    return columns;
  }

  /** The field a native column stands for: its `name`, else its `data` with `.` read as `__`. */
  private static columnPath(column: NativeColumn): string {
    return column.name || (column.data ?? '').replaceAll('.', '__');
  }

  private nativeFlag(name: string, text: string | undefined): boolean {
    if (text === undefined) return true;
    const value = parseBooleanWord(text);
    if (value === undefined) this.problems.push(`${name} must be true or false, got ${quoted(text)}`);
    return value ?? true;
  }

  search(columns: Map<number, NativeColumn>): { terms: string[]; fields: string[] } {
    const { searchFields } = this.context;
    const name = this.raw.has('search') ? 'search' : 'search[value]';
    const text = this.single(name);
    const regex = this.single('search[regex]');
    if (regex !== undefined && parseBooleanWord(regex) === true) {
      this.problems.push('search[regex]: regular expressions are not supported; send false');
    }
    const excluded = new Set<string>();
    for (const [index, column] of columns) {
      if (!this.nativeFlag(`columns[${index}][searchable]`, column.searchable)) {
        excluded.add(RequestParser.columnPath(column));
      }
    }
    const fields = searchFields.filter((field) => !excluded.has(field));
    if (text === undefined) return { terms: [], fields };
    const checked = this.text(name, text);
    if (checked === undefined) return { terms: [], fields };
    const terms = this.distinctTerms(checked);
    if (terms.length > 0 && searchFields.length === 0) {
      this.problems.push(`${name}: this table has no search fields`);
    }
    const { maxSearchTerms, minSearchTermLength } = this.context.limits;
    if (terms.length > maxSearchTerms) {
      this.problems.push(`${name} has ${terms.length} different terms; at most ${maxSearchTerms} are allowed`);
    }
    const short = terms.find((term) => [...term].length < minSearchTermLength);
    if (short !== undefined) {
      this.problems.push(`${name}: every term needs at least ${minSearchTermLength} characters, got ${quoted(short)}`);
    }
    return { terms, fields };
  }

  /** The terms of a search text; a term equal to an earlier one but for case adds nothing. */
  private distinctTerms(text: string): string[] {
    const seen = new Set<string>();
    return text.split(/\s+/u).filter((term) => {
      const folded = foldCase(term);
      return term !== '' && !seen.has(folded) && seen.add(folded);
    });
  }

  private orderingFieldProblem(name: string, field: string): void {
    this.problems.push(
      `${name}: ${quoted(field)} is not an ordering field; allowed: ${listed(this.context.orderingFields)}`,
    );
  }

  private orderingList(name: string, text: string): OrderKey[] {
    const keys: OrderKey[] = [];
    for (const piece of text.split(',')) {
      const item = piece.trim();
      if (!item) continue;
      const key = parseOrderingField(item);
      if (!this.context.orderingFields.includes(key.path)) this.orderingFieldProblem(name, key.path);
      else keys.push(key);
    }
    return keys;
  }

  ordering(columns: Map<number, NativeColumn>): OrderKey[] {
    const own = this.single('ordering');
    let keys: OrderKey[];
    if (own !== undefined) {
      keys = this.orderingList('ordering', own);
    } else {
      keys = this.nativeOrdering(columns);
    }
    if (keys.length === 0) keys = this.context.defaultOrdering.map(parseOrderingField);
    const seen = new Set<string>();
    const distinct = keys.filter((key) => !seen.has(key.path) && seen.add(key.path));
    const { maxOrderingKeys } = this.context.limits;
    if (own !== undefined && distinct.length > maxOrderingKeys) {
      this.problems.push(`ordering names ${distinct.length} fields; at most ${maxOrderingKeys} are allowed`);
    }
    return distinct;
  }

  private nativeOrdering(columns: Map<number, NativeColumn>): OrderKey[] {
    const orders = new Map<number, NativeOrder>();
    for (const name of this.raw.keys()) {
      const match = NATIVE_ORDER.exec(name);
      if (!match) continue;
      const value = this.single(name);
      if (value === undefined) continue;
      const index = Number(match[1]);
      const order = orders.get(index) ?? {};
      order[match[2] as keyof NativeOrder] = value;
      orders.set(index, order);
    }
    const { maxOrderingKeys } = this.context.limits;
    if (orders.size > maxOrderingKeys) {
      this.problems.push(`order has ${orders.size} entries; at most ${maxOrderingKeys} are allowed`);
      return [];
    }
    const keys: OrderKey[] = [];
    for (const index of [...orders.keys()].sort((a, b) => a - b)) {
      const order = orders.get(index)!;
      const dir = (order.dir ?? 'asc').toLowerCase();
      if (dir !== 'asc' && dir !== 'desc') {
        this.problems.push(`order[${index}][dir] must be asc or desc, got ${quoted(order.dir ?? '')}`);
        continue;
      }
      let path = order.name;
      const name = `order[${index}][${path ? 'name' : 'column'}]`;
      if (!path) {
        if (order.column === undefined) {
          this.problems.push(`order[${index}] needs order[${index}][column] or order[${index}][name]`);
          continue;
        }
        const columnIndex = this.integer(name, order.column, 0, 9999, 'a column index (an integer >= 0)');
        if (columnIndex === undefined) continue;
        const column = columns.get(columnIndex);
        if (!column) {
          this.problems.push(`${name} refers to column ${columnIndex}, which the request does not describe`);
          continue;
        }
        if (!this.nativeFlag(`columns[${columnIndex}][orderable]`, column.orderable)) {
          this.problems.push(`${name} refers to column ${columnIndex}, which is not orderable`);
          continue;
        }
        path = RequestParser.columnPath(column);
      }
      if (!this.context.orderingFields.includes(path)) this.orderingFieldProblem(name, path);
      else keys.push({ path, descending: dir === 'desc' });
    }
    return keys;
  }

  filters(columns: Map<number, NativeColumn>): ColumnFilter[] {
    const found: ColumnFilter[] = [];
    const { filters } = this.context;
    const { maxFilters } = this.context.limits;
    /** The parameter that filters each path and lookup: one filter each. */
    const claimed = new Map<string, string>();
    const claim = (name: string, path: string, lookup: Lookup): boolean => {
      const key = `${path}__${lookup}`;
      const earlier = claimed.get(key);
      if (earlier !== undefined) {
        this.problems.push(`${name}: ${path} is already filtered (${lookup}) by ${earlier}; send one filter per field and lookup`);
        return false;
      }
      if (claimed.size === maxFilters) {
        this.problems.push(`${name}: at most ${maxFilters} filters are allowed in one request`);
        return false;
      }
      claimed.set(key, name);
      return true;
    };
    for (const name of this.raw.keys()) {
      if (OWN_PARAMETERS.has(name) || NATIVE_ORDER.test(name) || NATIVE_COLUMN.test(name)) continue;
      if (NATIVE_COLUMN_SEARCH.test(name)) continue;
      let path: string | undefined;
      let lookup: Lookup | undefined;
      if (Object.hasOwn(filters, name)) {
        path = name;
        lookup = 'exact';
      } else {
        const split = name.lastIndexOf('__');
        const suffix = split > 0 ? name.slice(split + 2) : '';
        if ((LOOKUPS as readonly string[]).includes(suffix)) {
          path = name.slice(0, split);
          lookup = suffix as Lookup;
        }
      }
      if (path === undefined || lookup === undefined) continue;
      const allowed = Object.hasOwn(filters, path) ? filters[path] : undefined;
      if (!allowed) {
        this.problems.push(`${name}: ${quoted(path)} cannot be filtered; filterable: ${listed(Object.keys(filters))}`);
        continue;
      }
      if (!allowed.includes(lookup)) {
        const parameters = allowed.map((each) => (each === 'exact' ? path : `${path}__${each}`));
        this.problems.push(`${name}: lookup ${lookup} is not allowed for ${path}; allowed: ${listed(parameters)}`);
        continue;
      }
      const text = this.single(name);
      if (text === undefined || text === '' || !claim(name, path, lookup)) continue;
      const predicate = this.predicate(name, lookup, text, this.field(path));
      if (predicate) found.push({ parameter: name, path, predicate });
    }
    for (const [index, column] of columns) {
      const text = column.searchValue;
      const name = `columns[${index}][search][value]`;
      if (column.searchRegex !== undefined && parseBooleanWord(column.searchRegex) === true) {
        this.problems.push(`columns[${index}][search][regex]: regular expressions are not supported; send false`);
      }
      if (!text) continue;
      const path = RequestParser.columnPath(column);
      const allowed = Object.hasOwn(filters, path) ? filters[path]! : [];
      const field = allowed.length > 0 ? this.field(path) : undefined;
      const lookup: Lookup | undefined =
        field?.kind === 'string' && allowed.includes('icontains')
          ? 'icontains'
          : allowed.includes('exact')
            ? 'exact'
            : undefined;
      if (!field || !lookup) {
        this.problems.push(`${name}: column ${quoted(path)} cannot be searched on its own`);
        continue;
      }
      if (!claim(name, path, lookup)) continue;
      const predicate = this.predicate(name, lookup, text, field);
      if (predicate) found.push({ parameter: name, path, predicate });
    }
    return found;
  }

  private field(path: string): FieldSpec {
    const field = this.context.fields.get(path);
    if (!field) throw new Error(`The data table has no field type for ${path}`);
    return field;
  }

  private predicate(name: string, lookup: Lookup, text: string, field: FieldSpec): Predicate | undefined {
    switch (lookup) {
      case 'exact': {
        if (field.kind === 'datetime') {
          const value = this.dateTime(name, text);
          if (value === undefined) return undefined;
          return 'instant' in value
            ? { kind: 'equals', value: value.instant }
            : {
                kind: 'between',
                lower: { value: value.dayStart, inclusive: true },
                upper: { value: value.nextDayStart, inclusive: false },
              };
        }
        const value = this.value(name, text, field);
        return value === undefined ? undefined : { kind: 'equals', value };
      }
      case 'icontains': {
        const value = this.text(name, text);
        return value === undefined ? undefined : { kind: 'contains', text: value };
      }
      case 'gte': {
        const lower = this.bound(name, text, field, 'lower');
        return lower ? { kind: 'between', lower, upper: null } : undefined;
      }
      case 'lte': {
        const upper = this.bound(name, text, field, 'upper');
        return upper ? { kind: 'between', lower: null, upper } : undefined;
      }
      case 'range': {
        const parts = text.split(',');
        if (parts.length !== 2) {
          this.problems.push(`${name} must be <from>,<to> (either side may be empty), got ${quoted(text)}`);
          return undefined;
        }
        const [fromText, toText] = parts.map((part) => part.trim()) as [string, string];
        const lower = fromText ? this.bound(name, fromText, field, 'lower') : null;
        const upper = toText ? this.bound(name, toText, field, 'upper') : null;
        if (lower === undefined || upper === undefined || (!lower && !upper)) return undefined;
        return { kind: 'between', lower, upper };
      }
      case 'in': {
        const items = text.split(',').map((item) => (field.kind === 'string' ? item : item.trim()));
        const present = items.filter((item) => item !== '');
        const { maxInValues } = this.context.limits;
        if (present.length > maxInValues) {
          this.problems.push(`${name} takes at most ${maxInValues} comma-separated values, got ${present.length}`);
          return undefined;
        }
        const values: FilterValue[] = [];
        for (const item of present) {
          if (field.kind === 'datetime') {
            const value = this.dateTime(name, item);
            if (value && !('instant' in value)) {
              this.problems.push(`${name}: every value must be a date-time with a time, got ${quoted(item)}`);
              return undefined;
            }
            if (!value) return undefined;
            values.push(value.instant);
          } else {
            const value = this.value(name, item, field);
            if (value === undefined) return undefined;
            values.push(value);
          }
        }
        return values.length > 0 ? { kind: 'oneOf', values } : undefined;
      }
      case 'isnull': {
        const isNull = parseBooleanWord(text);
        if (isNull === undefined) {
          this.problems.push(`${name} must be true or false (also 1/0, yes/no), got ${quoted(text)}`);
          return undefined;
        }
        return { kind: 'isNull', isNull };
      }
    }
  }

  /** A `gte`/`lte`/`range` bound; a date given for a date-time field covers that whole day. */
  private bound(name: string, text: string, field: FieldSpec, side: 'lower' | 'upper'): Bound | undefined {
    if (field.kind !== 'datetime') {
      const value = this.value(name, text, field);
      return value === undefined ? undefined : { value, inclusive: true };
    }
    const value = this.dateTime(name, text);
    if (value === undefined) return undefined;
    if ('instant' in value) return { value: value.instant, inclusive: true };
    return side === 'lower'
      ? { value: value.dayStart, inclusive: true }
      : { value: value.nextDayStart, inclusive: false };
  }

  private value(name: string, text: string, field: FieldSpec): FilterValue | undefined {
    if (this.text(name, text) === undefined) return undefined;
    const value = this.typedValue(name, text, field);
    if (value === undefined || !field.choices) return value;
    const choice = field.choices.find((each) => String(each) === String(value));
    if (choice === undefined) {
      this.problems.push(`${name} must be one of ${listed(field.choices.map(String))}, got ${quoted(text)}`);
    }
    return choice;
  }

  private typedValue(name: string, text: string, field: FieldSpec): FilterValue | undefined {
    switch (field.kind) {
      case 'string':
        return text;
      case 'uuid':
        if (UUID.test(text)) return text.toLowerCase();
        this.problems.push(`${name} must be a UUID, got ${quoted(text)}`);
        return undefined;
      case 'integer': {
        const [min, max] = field.integerRange ?? [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
        return this.integer(name, text.trim(), min, max, `an integer from ${min} to ${max}`);
      }
      case 'number': {
        const value = DECIMAL.test(text.trim()) ? Number(text) : Number.NaN;
        if (Number.isFinite(value)) return value;
        this.problems.push(`${name} must be a number, got ${quoted(text)}`);
        return undefined;
      }
      case 'boolean': {
        const value = parseBooleanWord(text.trim());
        if (value === undefined) this.problems.push(`${name} must be true or false (also 1/0, yes/no), got ${quoted(text)}`);
        return value;
      }
      case 'date': {
        const date = ISO_DATE.test(text) ? DateTime.fromISO(text, { zone: 'UTC' }) : null;
        if (date?.isValid && date.year >= 1) return text;
        this.problems.push(`${name} must be a date as yyyy-MM-dd, got ${quoted(text)}`);
        return undefined;
      }
      case 'datetime': {
        const value = this.dateTime(name, text);
        return value && 'instant' in value ? value.instant : undefined;
      }
    }
  }

  private dateTime(name: string, text: string): DateTimeValue | undefined {
    if (this.text(name, text) === undefined) return undefined;
    const zone = this.context.timezone;
    if (ISO_DATE.test(text)) {
      const day = DateTime.fromISO(text, { zone });
      if (day.isValid && day.year >= 1 && day.year <= 9999) {
        const dayStart = day.startOf('day');
        return { dayStart: dayStart.toJSDate(), nextDayStart: dayStart.plus({ days: 1 }).startOf('day').toJSDate() };
      }
    } else if (ISO_DATE_TIME_START.test(text)) {
      const instant = DateTime.fromISO(text.replace(' ', 'T'), { zone });
      if (instant.isValid && instant.year >= 1 && instant.year <= 9999) return { instant: instant.toJSDate() };
    }
    this.problems.push(
      `${name} must be an ISO 8601 date-time (yyyy-MM-ddTHH:mm[:ss][offset], read in ${zone} without an offset) ` +
        `or a date (yyyy-MM-dd), got ${quoted(text)}`,
    );
    return undefined;
  }
}

/**
 * Reads a data-table request from a parsed query string: our own parameters (`limit`/`offset`,
 * `page`/`page_size`, `search`, `ordering`, column filters, `draw`) and DataTables' native ones
 * (`start`, `length`, `search[value]`, `order[i][...]`, `columns[i][...]`). Parameters that are
 * neither are ignored. Throws `TableRequestError` listing every problem.
 */
export function parseTableRequest(query: unknown, context: TableRequestContext): TableRequest {
  const parser = new RequestParser(query, context);
  const draw = parser.draw();
  const columns = parser.nativeColumns();
  const { offset, limit } = parser.paging();
  const search = parser.search(columns);
  const ordering = parser.ordering(columns);
  const filters = parser.filters(columns);
  if (parser.problems.length > 0) {
    throw new TableRequestError(parser.problems, draw);
  }
  return {
    draw: draw ?? 1,
    offset,
    limit,
    searchTerms: search.terms,
    searchFields: search.fields,
    ordering,
    filters,
  };
}

/**
 * Mistakes in an endpoint's own options (not in a request): a search field that is not text, an
 * ordering or filter path without a field, an unknown lookup, a default ordering not allowed.
 */
export function tableContextProblems(context: TableRequestContext): string[] {
  const problems: string[] = [];
  const { fields, searchFields, orderingFields, defaultOrdering, filters, pageSize, maxPageSize } = context;
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) problems.push(`pageSize must be a positive integer, got ${pageSize}`);
  if (!Number.isSafeInteger(maxPageSize) || maxPageSize < 1) {
    problems.push(`maxPageSize must be a positive integer, got ${maxPageSize}`);
  }
  if (pageSize > maxPageSize) problems.push(`pageSize ${pageSize} exceeds maxPageSize ${maxPageSize}`);
  for (const path of searchFields) {
    if (fields.get(path)?.kind !== 'string') problems.push(`search field ${path} is not a text field`);
  }
  for (const path of orderingFields) {
    if (!fields.has(path)) problems.push(`ordering field ${path} is not a field`);
  }
  for (const field of defaultOrdering) {
    const { path } = parseOrderingField(field);
    if (!orderingFields.includes(path)) problems.push(`default ordering ${field} is not one of orderingFields`);
  }
  for (const [path, lookups] of Object.entries(filters)) {
    const field = fields.get(path);
    if (!field) problems.push(`filter ${path} is not a field`);
    for (const lookup of lookups) {
      if (!(LOOKUPS as readonly string[]).includes(lookup)) {
        problems.push(`filter ${path} has unknown lookup ${lookup}; lookups: ${LOOKUPS.join(', ')}`);
      } else if (lookup === 'icontains' && field && field.kind !== 'string') {
        problems.push(`filter ${path}__icontains needs a text field, ${path} is ${field.kind}`);
      }
    }
  }
  return problems;
}
