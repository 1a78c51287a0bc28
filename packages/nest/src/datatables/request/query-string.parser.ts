import type { RequestProblems } from '../model/index.js';

type RawQuery = Map<string, string[]>;

/** Parameters read as a tree ({@link QueryParameters.tree}), or a JSON parameter of the same shape. */
export type ParameterTree = string | readonly string[] | ParameterObject;
export interface ParameterObject {
  [name: string]: ParameterTree;
}

export function isParameterObject(value: ParameterTree | undefined): value is ParameterObject {
  return typeof value === 'object' && !Array.isArray(value);
}

/** `[a][0][]` and the like: bracketed names only, the last one possibly empty. */
const BRACKETED = /^(\[[^[\]]+\])+(\[\])?$/;

function addRaw(raw: RawQuery, key: string, value: string): void {
  const values = raw.get(key);
  if (values) values.push(value);
  else raw.set(key, [value]);
}

function isPrimitive(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function flattenInto(raw: RawQuery, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    if (value.every(isPrimitive)) {
      for (const item of value) addRaw(raw, key, String(item));
    } else {
      value.forEach((item, index) => flattenInto(raw, `${key}[${index}]`, item));
    }
  } else if (typeof value === 'object') {
    // Past its depth limit the extended parser keeps the rest of a name as one key, brackets and all.
    for (const [name, item] of Object.entries(value))
      flattenInto(raw, name.startsWith('[') ? `${key}${name}` : `${key}[${name}]`, item);
  } else {
    addRaw(raw, key, String(value));
  }
}

/**
 * The query (or the body) as flat `name -> values`, whichever parser the host uses: Express 5's
 * default query parser ("simple") keeps `order[0][column]` as one key, the "extended" one (qs, also
 * Express's form parser) nests it in objects, as JSON does. A parameter given several times (an
 * array of strings, numbers or booleans) has several values; null is as absent.
 */
export function flattenQuery(query: unknown): RawQuery {
  const raw: RawQuery = new Map();
  if (query && typeof query === 'object') {
    for (const [name, value] of Object.entries(query)) flattenInto(raw, name, value);
  }
  return raw;
}

/** A request's parameters, each read at most once; a parameter given more than once is a problem. */
export class QueryParameters {
  private readonly raw: RawQuery;

  constructor(
    query: unknown,
    private readonly problems: RequestProblems,
  ) {
    this.raw = flattenQuery(query);
  }

  has(name: string): boolean {
    return this.raw.has(name);
  }

  names(): IterableIterator<string> {
    return this.raw.keys();
  }

  /** Every value of the parameter, in the order given. */
  all(name: string): readonly string[] {
    return this.raw.get(name) ?? [];
  }

  /**
   * The parameters named `root[...]` as one tree, however the host's query parser nested them:
   * an object per bracketed name (numbered names too, as DataTables and jQuery send lists), the
   * values of a name given more than once or ending in `[]` as a list. A name whose brackets do not
   * read is a problem. `undefined` when there are none.
   */
  tree(root: string): ParameterTree | undefined {
    let tree: ParameterObject | undefined;
    for (const [name, values] of this.raw) {
      if (!name.startsWith(`${root}[`)) continue;
      const rest = name.slice(root.length);
      if (!BRACKETED.test(rest)) {
        this.problems.add(`${name} is not a well-formed parameter name (expected ${root}[name][...])`);
        continue;
      }
      const segments = [...rest.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]!);
      const listed = segments.at(-1) === '';
      if (listed) segments.pop();
      tree ??= Object.create(null) as ParameterObject;
      let node = tree;
      let conflict = false;
      for (const segment of segments.slice(0, -1)) {
        const next: ParameterTree | undefined = node[segment];
        if (next === undefined) node = node[segment] = Object.create(null) as ParameterObject;
        else if (isParameterObject(next)) node = next;
        else conflict = true;
        if (conflict) break;
      }
      const last = segments.at(-1)!;
      if (conflict || isParameterObject(node[last])) {
        this.problems.add(`${name} is given both as a value and as a group of parameters`);
        continue;
      }
      node[last] = listed || values.length > 1 ? [...values] : values[0]!;
    }
    return tree;
  }

  /** The parameter's only value, or `undefined` when it is absent or given more than once. */
  single(name: string): string | undefined {
    const values = this.raw.get(name);
    if (!values) return undefined;
    if (values.length > 1) {
      this.problems.add(`${name} must be given once, got ${values.length} values`);
      return undefined;
    }
    return values[0];
  }
}
