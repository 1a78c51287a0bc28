import { parseBooleanWord } from '#rules/boolean-words.js';
import {
  type FilterValueParser,
  nativeColumnPath,
  type NativeColumn,
  type QueryParameters,
} from '../../request/index.js';
import {
  listed,
  quoted,
  type RequestProblems,
  type ConditionNode,
  type FieldCondition,
  type FilterValue,
  type PaneSelection,
  type PanesRequest,
  type TableRequestContext,
} from '../../model/index.js';

/**
 * SearchPanes' server-side parameters (DataTables SearchPanes 2.x): `searchPanes[<field>][<i>]` (a
 * selected value), `searchPanes_null[<field>][<i>]` (whether selection i is the empty option),
 * `searchPanes_options[cascade|viewCount|viewTotal]` and `searchPanesLast`. A query parser that nests
 * brackets (qs) turns the indexed values into a list: `searchPanes[<field>]` given several times.
 */
const SELECTION = /^(searchPanes|searchPanes_null)\[([^[\]]*)\](?:\[(\d{1,4})\])?$/;
const OPTION = /^searchPanes_options\[([^[\]]*)\]$/;
const LAST = 'searchPanesLast';
const PANE_OPTIONS = ['cascade', 'viewCount', 'viewTotal'];
const SEARCH_PANES_PARAMETER = /^searchPanes(?:$|\[|_|Last)/;
const SHAPES =
  'searchPanes[<field>][<i>], searchPanes_null[<field>][<i>], searchPanes_options[cascade|viewCount|viewTotal], searchPanesLast';

/** Whether a parameter is one of SearchPanes' (or claims to be). */
function isSearchPanesParameter(name: string): boolean {
  return SEARCH_PANES_PARAMETER.test(name);
}

/** One selected option as sent: its value and its empty-option flag, each by the parameter that gave it. */
interface SentOption {
  value?: SentText;
  isNull?: SentText;
}

/** A sent text: `parameter` names it for messages, `given` is the query parameter it came in. */
interface SentText {
  parameter: string;
  given: string;
  text: string;
}

/** Reads the SearchPanes parameters of one request against the endpoint's panes. */
class SearchPanesReader {
  /** Selected options by field, then by index. */
  private readonly sent = new Map<string, Map<string, SentOption>>();
  /** The first parameter that named each field, for messages. */
  private readonly firstGiven = new Map<string, string>();
  private requested = false;
  private readonly panes: readonly string[];

  constructor(
    private readonly params: QueryParameters,
    private readonly problems: RequestProblems,
    private readonly values: FilterValueParser,
    private readonly context: TableRequestContext,
    private readonly columns: ReadonlyMap<number, NativeColumn>,
  ) {
    this.panes = context.panes ?? [];
  }

  read(): PanesRequest {
    for (const name of this.params.names()) {
      if (!isSearchPanesParameter(name)) continue;
      this.requested = true;
      const selection = SELECTION.exec(name);
      if (selection) this.readSelection(name, selection);
      else if (name === LAST) this.readLast();
      else if (OPTION.test(name)) this.readOption(name, OPTION.exec(name)![1]!);
      else this.problems.add(`${name} is not a SearchPanes parameter; SearchPanes sends ${SHAPES}`);
    }
    const selections: PaneSelection[] = [];
    const fields = new Map<string, string>();
    for (const [field, options] of this.sent) {
      const path = this.paneOf(this.firstGiven.get(field)!, field);
      if (path === null) continue;
      const earlier = fields.get(path);
      if (earlier !== undefined) {
        const both = `${this.firstGiven.get(field)} and ${this.firstGiven.get(earlier)}`;
        this.problems.add(`${both} both select in pane ${path}`);
        continue;
      }
      fields.set(path, field);
      const condition = this.condition(field, path, options);
      if (condition) selections.push({ path, field, condition });
    }
    return {
      requested: this.requested,
      keys: new Map(this.panes.map((path) => [path, this.keyOf(path, fields.get(path))])),
      selections,
      maxOptions: this.context.limits.maxPaneOptions,
    };
  }

  private readSelection(name: string, [, kind, field, index]: RegExpExecArray): void {
    const texts = index === undefined ? this.params.all(name) : [this.params.single(name)];
    let options = this.sent.get(field!);
    if (!options) this.sent.set(field!, (options = new Map()));
    if (!this.firstGiven.has(field!)) this.firstGiven.set(field!, name);
    texts.forEach((text, position) => {
      if (text === undefined) return;
      const at = index ?? String(position);
      const parameter = `${kind}[${field}][${at}]`;
      const option = options.get(at) ?? {};
      const member = kind === 'searchPanes' ? 'value' : 'isNull';
      if (option[member]) {
        this.problems.add(`${parameter} is given twice (as ${option[member].given} and ${name})`);
        return;
      }
      option[member] = { parameter, given: name, text };
      options.set(at, option);
    });
  }

  private readLast(): void {
    const field = this.params.single(LAST);
    if (field !== undefined) this.paneOf(LAST, field);
  }

  private readOption(name: string, option: string): void {
    if (!PANE_OPTIONS.includes(option)) {
      this.problems.add(`${name}: ${quoted(option)} is not a SearchPanes option; options: ${listed(PANE_OPTIONS)}`);
      return;
    }
    const text = this.params.single(name);
    if (text !== undefined && parseBooleanWord(text) === undefined) {
      this.problems.add(`${name} must be true or false, got ${quoted(text)}`);
    }
  }

  /** The pane a field names: a request column's (by its `data`), else the field with `.` read as `__`. */
  private paneOf(parameter: string, field: string): string | null {
    const column = [...this.columns.values()].find((each) => each.data === field);
    const path = column ? nativeColumnPath(column) : field.replaceAll('.', '__');
    if (this.panes.includes(path)) return path;
    const panes = this.panes.map((pane) => this.keyOf(pane, undefined));
    this.problems.add(`${parameter}: ${quoted(field)} is not a pane of this table; panes: ${listed(panes)}`);
    return null;
  }

  /**
   * The key of a pane's options in the answer: the `data` of the request column that shows it (what
   * SearchPanes looks them up by), else the field its selection named, else its path with `__` as `.`.
   */
  private keyOf(path: string, selectedAs: string | undefined): string {
    for (const column of this.columns.values()) {
      if (column.data && nativeColumnPath(column) === path) return column.data;
    }
    return selectedAs ?? path.replaceAll('__', '.');
  }

  /** The rows a pane's selection keeps: an OR of its values and of the empty option. */
  private condition(field: string, path: string, options: ReadonlyMap<string, SentOption>): ConditionNode | null {
    const { maxInValues } = this.context.limits;
    if (options.size > maxInValues) {
      this.problems.add({
        code: 'table.too-many-pane-options',
        params: { name: `searchPanes[${field}]`, count: options.size, max: maxInValues },
      });
      return null;
    }
    const spec = this.context.fields.get(path);
    if (!spec) throw new Error(`The data table has no field type for pane ${path}`);
    const values: FilterValue[] = [];
    const members: FieldCondition[] = [];
    let empty: string | null = null;
    for (const [index, option] of options) {
      const isNull = this.isNull(option);
      if (isNull === undefined) continue;
      if (!option.value && !isNull) {
        this.problems.add(`searchPanes_null[${field}][${index}] has no searchPanes[${field}][${index}]`);
        continue;
      }
      if (isNull || option.value!.text === '') {
        empty ??= option.value?.parameter ?? option.isNull!.parameter;
        continue;
      }
      const { parameter, text } = option.value!;
      const predicate = this.values.predicate(parameter, 'exact', text, spec);
      if (predicate?.kind === 'equals') values.push(predicate.value);
      else if (predicate) members.push({ parameter, path, predicate, negated: false });
    }
    if (values.length > 0) {
      const parameter = `searchPanes[${field}]`;
      members.unshift({ parameter, path, predicate: { kind: 'oneOf', values }, negated: false });
    }
    if (empty !== null) members.push({ parameter: empty, path, predicate: { kind: 'empty' }, negated: false });
    return members.length > 0 ? { logic: 'or', members } : null;
  }

  /** Whether an option is the empty one by its `searchPanes_null` flag; undefined (a problem) when the flag does not read. */
  private isNull(option: SentOption): boolean | undefined {
    if (!option.isNull) return false;
    const flag = parseBooleanWord(option.isNull.text);
    if (flag === undefined)
      this.problems.add(`${option.isNull.parameter} must be true or false, got ${quoted(option.isNull.text)}`);
    return flag;
  }
}

/**
 * The SearchPanes part of a request: the panes' selections, each an OR of the selected values (read
 * as the pane's field type) and of the empty option, and whether SearchPanes asks for the options.
 * A field that is not a pane, a malformed parameter or value, more than `maxInValues` selections in
 * one pane: a problem naming the parameter. `cascade`, `viewCount` and `viewTotal` only change what
 * SearchPanes shows: the answer always has both counts.
 */
export function parseSearchPanes(
  params: QueryParameters,
  problems: RequestProblems,
  values: FilterValueParser,
  context: TableRequestContext,
  columns: ReadonlyMap<number, NativeColumn>,
): PanesRequest {
  return new SearchPanesReader(params, problems, values, context, columns).read();
}
