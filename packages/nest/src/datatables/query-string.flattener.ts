import type { RequestProblems } from './request-problems.js';

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
