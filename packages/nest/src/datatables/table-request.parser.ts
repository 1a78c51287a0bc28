import type { UserMessage } from '../common/messages/index.js';
import {
  foldCase,
  parseOrderingField,
  listed,
  quoted,
  RequestProblems,
  sentDraw,
  TableRequestError,
  sentSizeProblem,
  type SentParameters,
  type ColumnFilter,
  type ConditionNode,
  type OrderKey,
  type PanesRequest,
  type TableRequest,
  type TableRequestContext,
} from './model/index.js';
import {
  ColumnFilterParser,
  FieldConditionReader,
  FilterValueParser,
  readInteger,
  readText,
  nativeColumnPath,
  nativeFlag,
  readNativeColumns,
  readNativeOrdering,
  type NativeColumn,
  QueryParameters,
} from './request/index.js';
import { ColumnControlParser, readColumnControlLists } from './extensions/column-control/index.js';
import { SearchBuilderParser } from './extensions/search-builder/index.js';
import { parseBooleanWord } from '#rules/boolean-words.js';
import { parseSearchPanes } from './extensions/search-panes/index.js';
import { CURSOR_PARAMETER, cursorFingerprint, readCursor, type CursorScope } from './paging/index.js';

/** The most rows a request may skip (null: no limit): past them, a problem pointing to keyset mode. */
function offsetProblem(name: string, offset: number, maxOffset: number | null): UserMessage | null {
  return maxOffset !== null && offset > maxOffset
    ? { code: 'table.offset-too-deep', params: { name, offset, max: maxOffset, cursor: CURSOR_PARAMETER } }
    : null;
}

/** Reads one request against one endpoint's context, collecting every problem. */
class RequestParser {
  readonly problems = new RequestProblems();
  private readonly params: QueryParameters;
  private readonly values: FilterValueParser;
  private criteria = 0;

  constructor(
    query: unknown,
    private readonly context: TableRequestContext,
  ) {
    this.params = new QueryParameters(query, this.problems);
    this.values = new FilterValueParser(this.problems, context.timezone, context.limits.maxInValues);
  }

  /** SearchBuilder's tree and ColumnControl's searches, each a condition every row must meet. */
  conditions(columns: ReadonlyMap<number, NativeColumn>): ConditionNode[] {
    const reader = new FieldConditionReader(this.problems, this.values, this.context);
    const counted = (name: string) => this.countCriterion(name);
    const tree = new SearchBuilderParser(this.problems, reader, this.context.limits.maxCriteriaDepth, counted).read(
      this.params,
    );
    const controls = new ColumnControlParser(this.problems, reader, counted).read(columns);
    return tree ? [tree, ...controls] : controls;
  }

  /** Counts one criterion or search against `maxCriteria`; false (with a problem, once) past it. */
  private countCriterion(name: string): boolean {
    const { maxCriteria } = this.context.limits;
    this.criteria += 1;
    if (this.criteria === maxCriteria + 1) {
      this.problems.add({ code: 'table.too-many-criteria', params: { name, max: maxCriteria } });
    }
    return this.criteria <= maxCriteria;
  }

  draw(): number | undefined {
    const text = this.params.single('draw');
    if (text === undefined) return 1;
    return readInteger(this.problems, 'draw', text, 0, Number.MAX_SAFE_INTEGER, 'an integer >= 0');
  }

  columns(): Map<number, NativeColumn> {
    return readNativeColumns(this.params, this.problems, this.context.limits.maxColumns);
  }

  /** A page size: 1..maxPageSize (larger values are clamped), or -1 for every row. */
  private pageSize(name: string, text: string): number | null | undefined {
    const { maxPageSize, allowAll } = this.context;
    const allowed = `an integer >= 1 (values above ${maxPageSize} are reduced to ${maxPageSize}) or -1 (${
      allowAll ? 'every row' : `reduced to ${maxPageSize}`
    })`;
    const size = readInteger(this.problems, name, text, -1, Number.MAX_SAFE_INTEGER, allowed);
    if (size === undefined) return undefined;
    if (size === 0) {
      this.problems.add(`${name} must be ${allowed}, got "0"`);
      return undefined;
    }
    if (size === -1) return allowAll ? null : maxPageSize;
    return Math.min(size, maxPageSize);
  }

  paging(): { offset: number; limit: number | null } {
    const { pageSize } = this.context;
    const pageText = this.params.single('page');
    const pageSizeText = this.params.single('page_size');
    const limitText = this.params.single('limit') ?? this.params.single('length');
    const offsetText = this.params.single('offset') ?? this.params.single('start');
    if (pageText !== undefined || pageSizeText !== undefined) {
      if (limitText !== undefined || offsetText !== undefined) {
        this.problems.add('page and page_size cannot be combined with limit/offset (or start/length)');
        return { offset: 0, limit: pageSize };
      }
      const size = pageSizeText === undefined ? pageSize : this.pageSize('page_size', pageSizeText);
      const page =
        pageText === undefined
          ? 1
          : readInteger(this.problems, 'page', pageText, 1, Number.MAX_SAFE_INTEGER, 'an integer >= 1');
      if (size === undefined || page === undefined) return { offset: 0, limit: pageSize };
      const offset = size === null ? 0 : (page - 1) * size;
      if (!Number.isSafeInteger(offset)) {
        this.problems.add(`page is too large for page_size ${size}`);
        return { offset: 0, limit: pageSize };
      }
      this.addProblem(offsetProblem('page', offset, this.context.limits.maxOffset));
      return { offset, limit: size };
    }
    const limitName = this.params.has('limit') ? 'limit' : 'length';
    const offsetName = this.params.has('offset') ? 'offset' : 'start';
    const limit = limitText === undefined ? pageSize : this.pageSize(limitName, limitText);
    const offset =
      offsetText === undefined
        ? 0
        : readInteger(this.problems, offsetName, offsetText, 0, Number.MAX_SAFE_INTEGER, 'an integer >= 0');
    if (offset !== undefined) this.addProblem(offsetProblem(offsetName, offset, this.context.limits.maxOffset));
    return { offset: offset ?? 0, limit: limit === undefined ? pageSize : limit };
  }

  private addProblem(problem: UserMessage | null): void {
    if (problem !== null) this.problems.add(problem);
  }

  /** Keyset mode: the position `cursor` carries, checked against the rest of the request. */
  keyset(scope: CursorScope, offset: number): TableRequest['keyset'] {
    const text = this.params.single(CURSOR_PARAMETER);
    if (text === undefined) return null;
    const { primaryKey, fields } = this.context;
    if (!primaryKey) {
      this.problems.add(`${CURSOR_PARAMETER}: this list has no keyset mode`);
      return null;
    }
    if (offset !== 0) {
      this.problems.add(
        `${CURSOR_PARAMETER} reads on from the row it names: send no start or offset (or 0), and no page past the first`,
      );
    }
    const keys = [
      ...scope.ordering.map(({ path }) => ({ name: path, field: fields.get(path)! })),
      { name: 'the primary key', field: primaryKey },
    ];
    const after = readCursor(this.problems, text, cursorFingerprint(scope), keys, this.context.cursorSecret);
    return after === undefined ? null : { after };
  }

  search(columns: ReadonlyMap<number, NativeColumn>): { terms: string[]; fields: string[] } {
    const { searchFields } = this.context;
    const name = this.params.has('search') ? 'search' : 'search[value]';
    const text = this.params.single(name);
    const regex = this.params.single('search[regex]');
    if (regex !== undefined && parseBooleanWord(regex) === true) {
      this.problems.add('search[regex]: regular expressions are not supported; send false');
    }
    const excluded = new Set<string>();
    for (const [index, column] of columns) {
      if (!nativeFlag(this.problems, `columns[${index}][searchable]`, column.searchable))
        excluded.add(nativeColumnPath(column));
    }
    const fields = searchFields.filter((field) => !excluded.has(field));
    if (text === undefined) return { terms: [], fields };
    const checked = readText(this.problems, name, text);
    if (checked === undefined) return { terms: [], fields };
    const terms = distinctTerms(checked);
    if (terms.length > 0 && searchFields.length === 0) {
      this.problems.add({ code: 'table.no-search-fields', params: { name } });
    }
    const { maxSearchTerms, minSearchTermLength } = this.context.limits;
    if (terms.length > maxSearchTerms) {
      this.problems.add({ code: 'table.too-many-terms', params: { name, count: terms.length, max: maxSearchTerms } });
    }
    const short = terms.find((term) => [...term].length < minSearchTermLength);
    if (short !== undefined) {
      this.problems.add({
        code: 'table.term-too-short',
        params: { name, min: minSearchTermLength, value: quoted(short) },
      });
    }
    return { terms, fields };
  }

  /** Whether `path` may be ordered by; a problem naming `parameter` otherwise. */
  private orderable(parameter: string, path: string): boolean {
    if (this.context.orderingFields.includes(path)) return true;
    const allowed = `allowed: ${listed(this.context.orderingFields)}`;
    if (this.context.compatibility) {
      // As Django REST framework's ordering filter does: the field is dropped, the rest (or the default) applies.
      this.problems.ignore(`${parameter}: ${quoted(path)} is not an ordering field, ignored (${allowed})`);
    } else {
      this.problems.add(`${parameter}: ${quoted(path)} is not an ordering field; ${allowed}`);
    }
    return false;
  }

  ordering(columns: ReadonlyMap<number, NativeColumn>): OrderKey[] {
    const own = this.params.single('ordering');
    const { maxOrderingKeys } = this.context.limits;
    let keys: OrderKey[];
    const ignoredBefore = this.problems.ignored.length;
    if (own !== undefined) {
      keys = own
        .split(',')
        .map((piece) => piece.trim())
        .filter(Boolean)
        .map(parseOrderingField)
        .filter((key) => this.orderable('ordering', key.path));
    } else {
      keys = readNativeOrdering(this.params, this.problems, columns, maxOrderingKeys)
        .filter((key) => this.orderable(key.parameter, key.path))
        .map(({ path, descending }) => ({ path, descending }));
    }
    if (keys.length === 0) {
      keys = this.context.defaultOrdering.map(parseOrderingField);
      if (this.problems.ignored.length > ignoredBefore) {
        this.problems.ignore(`ordering: the default ordering applies (${listed(this.context.defaultOrdering)})`);
      }
    }
    const seen = new Set<string>();
    const distinct = keys.filter((key) => !seen.has(key.path) && seen.add(key.path));
    if (own !== undefined && distinct.length > maxOrderingKeys) {
      this.problems.add({
        code: 'table.too-many-ordering-fields',
        params: { count: distinct.length, max: maxOrderingKeys },
      });
    }
    return distinct;
  }

  panes(columns: ReadonlyMap<number, NativeColumn>): PanesRequest {
    return parseSearchPanes(this.params, this.problems, this.values, this.context, columns);
  }

  filters(columns: ReadonlyMap<number, NativeColumn>): ColumnFilter[] {
    return new ColumnFilterParser(this.params, this.problems, this.values, this.context).read(columns);
  }
}

/** The terms of a search text; a term equal to an earlier one but for case adds nothing. */
function distinctTerms(text: string): string[] {
  const seen = new Set<string>();
  return text.split(/\s+/u).filter((term) => {
    const folded = foldCase(term);
    return term !== '' && !seen.has(folded) && seen.add(folded);
  });
}

/**
 * Reads a data-table request from a parsed query string or POST body (`sent`: which, and its size):
 * our own parameters (`limit`/`offset`, `page`/`page_size`, `search`, `ordering`, column filters,
 * `draw`), DataTables' native ones (`start`, `length`, `search[value]`, `order[i][...]`,
 * `columns[i][...]`) and those of its search extensions (SearchBuilder's `searchBuilder`,
 * ColumnControl's `columns[i][columnControl]`, SearchPanes' `searchPanes[...]`, see
 * {@link parseSearchPanes}). Parameters that are none of these are ignored. Throws
 * `TableRequestError` listing every problem.
 */
export function parseTableRequest(
  query: unknown,
  context: TableRequestContext,
  sent: SentParameters = { in: 'query string', bytes: 0 },
): TableRequest {
  const tooLarge = sentSizeProblem(sent, context.limits);
  if (tooLarge !== null) throw new TableRequestError([tooLarge], sentDraw(query));
  const parser = new RequestParser(query, context);
  const draw = parser.draw();
  const columns = parser.columns();
  const { offset, limit } = parser.paging();
  const search = parser.search(columns);
  const ordering = parser.ordering(columns);
  const filters = parser.filters(columns);
  const conditions = parser.conditions(columns);
  const panes = parser.panes(columns);
  const scope = { ordering, searchTerms: search.terms, searchFields: search.fields, filters, conditions, panes };
  const keyset = parser.keyset(scope, offset);
  if (parser.problems.any) throw new TableRequestError(parser.problems.given, draw);
  const columnControlLists = readColumnControlLists(columns, context);
  const { ignored } = parser.problems;
  return {
    draw: draw ?? 1,
    offset,
    limit,
    ...scope,
    keyset,
    ...(columnControlLists.length > 0 ? { columnControlLists } : {}),
    ...(ignored.length > 0 ? { ignored } : {}),
  };
}
