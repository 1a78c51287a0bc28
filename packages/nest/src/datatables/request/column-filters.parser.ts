import { parseBooleanWord } from '#rules/boolean-words.js';
import { readBareFilter } from './bare-filter.parser.js';
import type { FilterValueParser } from './filter-value.parser.js';
import { isNativeParameter, nativeColumnPath, type NativeColumn } from './native-params.reader.js';
import {
  filterParameterName,
  isSearchBuilderParameter,
  listed,
  quoted,
  type RequestProblems,
  LOOKUPS,
  type ColumnFilter,
  type FieldSpec,
  type Lookup,
  type TableRequestContext,
  type ClientCompatibility,
} from '../model/index.js';
import type { QueryParameters } from './query-string.parser.js';

/** The parameters of our own protocol that are not column filters. */
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

/**
 * Reads the column filters of a request: named (`<path>`, `<path>__<lookup>`) and DataTables'
 * native column searches (`columns[i][search][value]`), one per field and lookup, `maxFilters` in all.
 */
export class ColumnFilterParser {
  constructor(
    private readonly params: QueryParameters,
    private readonly problems: RequestProblems,
    private readonly values: FilterValueParser,
    private readonly context: TableRequestContext,
  ) {}

  read(columns: ReadonlyMap<number, NativeColumn>): ColumnFilter[] {
    const found: ColumnFilter[] = [];
    const claim = this.filterClaims();
    const { filters, compatibility } = this.context;
    for (const name of this.params.names()) {
      if (OWN_PARAMETERS.has(name) || isNativeParameter(name) || isSearchBuilderParameter(name)) continue;
      if (compatibility && Object.hasOwn(filters, name)) {
        const filter = this.bareFilter(name, compatibility, claim);
        if (filter) found.push(filter);
        continue;
      }
      const named = this.namedFilter(name);
      if (!named) continue;
      const { path, lookup } = named;
      const text = this.params.single(name);
      if (text === undefined || text === '' || !claim(name, path, lookup)) continue;
      const predicate = this.values.predicate(name, lookup, text, this.field(path));
      if (predicate) found.push({ parameter: name, path, predicate });
    }
    for (const [index, column] of columns) {
      const text = column.searchValue;
      const name = `columns[${index}][search][value]`;
      if (column.searchRegex !== undefined && parseBooleanWord(column.searchRegex) === true) {
        this.problems.add(`columns[${index}][search][regex]: regular expressions are not supported; send false`);
      }
      if (!text) continue;
      const path = nativeColumnPath(column);
      const allowed = Object.hasOwn(filters, path) ? filters[path]! : [];
      const field = allowed.length > 0 ? this.field(path) : undefined;
      const lookup: Lookup | undefined =
        field?.kind === 'string' && allowed.includes('icontains')
          ? 'icontains'
          : allowed.includes('exact')
            ? 'exact'
            : undefined;
      if (!field || !lookup) {
        this.problems.add(`${name}: column ${quoted(path)} cannot be searched on its own`);
        continue;
      }
      if (!claim(name, path, lookup)) continue;
      const predicate = this.values.predicate(name, lookup, text, field);
      if (predicate) found.push({ parameter: name, path, predicate });
    }
    return found;
  }

  /** A bare filter name (`<path>=<value>`) read under a client compatibility mode (see {@link readBareFilter}). */
  private bareFilter(
    path: string,
    compatibility: ClientCompatibility,
    claim: (name: string, path: string, lookup: Lookup) => boolean,
  ): ColumnFilter | undefined {
    const text = this.params.single(path);
    if (text === undefined || text === '') return undefined;
    const field = this.field(path);
    const allowed = this.context.filters[path]!;
    const sentValues = (name: string) => this.params.all(name);
    const reading = readBareFilter(path, text, allowed, field, sentValues, compatibility, this.problems);
    if (!reading || reading.kind === 'ignored') return undefined;
    const [lookup, value]: [Lookup, string] = reading.kind === 'range' ? ['range', reading.text] : ['exact', text];
    if (!claim(path, path, lookup)) return undefined;
    const predicate = this.values.predicate(path, lookup, value, field);
    return predicate && { parameter: path, path, predicate };
  }

  /**
   * The path and lookup a filter parameter (`<path>` or `<path>__<lookup>`) names, when they are
   * allowed; a problem when the path or the lookup is not; null for a parameter that is no filter.
   */
  private namedFilter(name: string): { path: string; lookup: Lookup } | null {
    const { filters } = this.context;
    let path: string;
    let lookup: Lookup;
    if (Object.hasOwn(filters, name)) {
      path = name;
      lookup = 'exact';
    } else {
      const split = name.lastIndexOf('__');
      const suffix = split > 0 ? name.slice(split + 2) : '';
      if (!(LOOKUPS as readonly string[]).includes(suffix)) return null;
      path = name.slice(0, split);
      lookup = suffix as Lookup;
    }
    const allowed = Object.hasOwn(filters, path) ? filters[path] : undefined;
    if (!allowed) {
      this.problems.add(`${name}: ${quoted(path)} cannot be filtered; filterable: ${listed(Object.keys(filters))}`);
      return null;
    }
    if (!allowed.includes(lookup)) {
      const parameters = allowed.map((each) => filterParameterName(path, each));
      this.problems.add(`${name}: lookup ${lookup} is not allowed for ${path}; allowed: ${listed(parameters)}`);
      return null;
    }
    return { path, lookup };
  }

  /** Claims a field and lookup for one parameter: one filter each, `maxFilters` in all. */
  private filterClaims(): (name: string, path: string, lookup: Lookup) => boolean {
    const { maxFilters } = this.context.limits;
    const claimed = new Map<string, string>();
    return (name, path, lookup) => {
      const key = filterParameterName(path, lookup);
      const earlier = claimed.get(key);
      if (earlier !== undefined) {
        this.problems.add(
          `${name}: ${path} is already filtered (${lookup}) by ${earlier}; send one filter per field and lookup`,
        );
        return false;
      }
      if (claimed.size === maxFilters) {
        this.problems.add({ code: 'table.too-many-filters', params: { name, max: maxFilters } });
        return false;
      }
      claimed.set(key, name);
      return true;
    };
  }

  private field(path: string): FieldSpec {
    const field = this.context.fields.get(path);
    if (!field) throw new Error(`The data table has no field type for ${path}`);
    return field;
  }
}
