import { WidgetLibError } from '../../common/errors/index.js';
import { MAX_INT_ID } from '../../common/int-id.constants.js';

/** Editor's actions that a resource serves (`action=create|edit|remove`, and `read` with `ids[]`). */
export type EditorAction = 'create' | 'edit' | 'remove' | 'read';

/** One row of a create or an edit: the key it was sent under, and its fields as sent. */
export interface EditorRowValues {
  /** The key under `data[...]`: the row's id for an edit, Editor's index (`0`, `1`, ...) for a create. */
  key: string;
  values: Record<string, unknown>;
}

/** A submission of DataTables Editor's client-server protocol, checked. */
export type EditorRequest =
  | { action: 'create'; rows: EditorRowValues[] }
  | { action: 'edit'; rows: Array<EditorRowValues & { id: number }> }
  | { action: 'remove'; ids: number[] }
  | { action: 'read'; ids: number[] };

/** Most rows one submission may create, edit, remove or refresh. */
export const MAX_EDITOR_ROWS = 1_000;

type Tree = Record<string, unknown>;

const ACTIONS: readonly EditorAction[] = ['create', 'edit', 'remove', 'read'];
/** `[a][0][]` and the like: bracketed names only, the last one possibly empty. */
const BRACKETED = /^(\[[^[\]]+\])+(\[\])?$/;

function isObject(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(message: string): WidgetLibError {
  return new WidgetLibError('invalid', [message]);
}

/**
 * The parameters named `root[...]` of a flat body (a form parsed without nesting, as Express's
 * "simple" parser and Fastify's form body leave it) as one tree; a name ending in `[]` or given
 * more than once is a list. Numbered names stay keys, so that row ids are kept.
 */
function flatTree(body: Tree, root: string): Tree | undefined {
  let tree: Tree | undefined;
  for (const [name, value] of Object.entries(body)) {
    if (!name.startsWith(`${root}[`) || name === `${root}[]`) continue;
    const rest = name.slice(root.length);
    if (!BRACKETED.test(rest))
      throw invalid(`${name} is not a well-formed parameter name (expected ${root}[name][...])`);
    const segments = [...rest.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]!);
    const listed = segments.at(-1) === '';
    if (listed) segments.pop();
    tree ??= Object.create(null) as Tree;
    let node = tree;
    for (const segment of segments.slice(0, -1)) {
      const next = node[segment];
      if (next === undefined) node = node[segment] = Object.create(null) as Tree;
      else if (isObject(next)) node = next;
      else throw invalid(`${name} is given both as a value and as a group of parameters`);
    }
    const last = segments.at(-1)!;
    if (isObject(node[last])) throw invalid(`${name} is given both as a value and as a group of parameters`);
    node[last] = listed && !Array.isArray(value) ? [value] : value;
  }
  return tree;
}

/** `root` of the body: nested (JSON, or a form parser that nests), or from flat `root[...]` names. */
function member(body: Tree, root: string): unknown {
  const nested = body[root] ?? body[`${root}[]`];
  const flat = flatTree(body, root);
  if (nested !== undefined && flat !== undefined)
    throw invalid(`${root} is given both nested and as ${root}[...] names`);
  return nested ?? flat;
}

/** A row id as Editor sends it (the row's primary key, the value of its `idSrc`). */
function rowId(key: unknown, parameter: string): number {
  const text = typeof key === 'number' ? String(key) : key;
  const id = typeof text === 'string' && /^[0-9]{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT_ID) {
    throw invalid(`${parameter} must name rows by their id, a positive integer no greater than ${MAX_INT_ID}`);
  }
  return id;
}

function bounded<T>(rows: T[], parameter: string): T[] {
  if (rows.length === 0) throw invalid(`${parameter} names no row`);
  if (rows.length > MAX_EDITOR_ROWS) throw invalid(`${parameter}: at most ${MAX_EDITOR_ROWS} rows per submission`);
  return rows;
}

/**
 * Editor's `<name>-many-count` field says how many items the array `<name>` has, so that an emptied
 * list (which a form cannot send) still reaches the server: the array when it is 0, else dropped.
 */
function withManyCounts(values: Tree, parameter: string): Tree {
  const out: Tree = {};
  for (const [name, value] of Object.entries(values)) {
    const list = /^(.+)-many-count$/.exec(name)?.[1];
    if (list === undefined) {
      out[name] = isObject(value) ? withManyCounts(value, `${parameter}[${name}]`) : value;
      continue;
    }
    if (String(value) === '0' && values[list] === undefined) out[list] = [];
    else if (!/^[0-9]+$/.test(String(value))) throw invalid(`${parameter}[${name}] must be a count of items`);
  }
  return out;
}

/** The rows of `data`: an object of rows by key (a list only for a create, whose keys are indexes). */
function rowsOf(data: unknown, action: EditorAction): Array<[string, unknown]> {
  if (data === undefined) throw invalid(`data is required for action=${action}: data[<row id>][<field>]`);
  if (Array.isArray(data)) {
    if (action === 'create') return data.map((row, index) => [String(index), row]);
    // A form parser that nests (qs, Express's "extended") renumbers numbered keys as a list: the ids are lost.
    throw invalid(
      `data arrived as a list, so its row ids were lost by the form parser; send the submission as JSON, parse forms without nesting, or keep the raw body (Nest's rawBody: true; see the README's Editor section)`,
    );
  }
  if (!isObject(data)) throw invalid(`data must hold one object of fields per row: data[<row id>][<field>]`);
  return Object.entries(data);
}

function idsOf(body: Tree): number[] {
  const ids = member(body, 'ids');
  const list = Array.isArray(ids) ? ids : isObject(ids) ? Object.values(ids) : ids === undefined ? [] : [ids];
  return bounded([...new Set(list.map((id) => rowId(id, 'ids[]')))], 'ids[]');
}

/**
 * Reads a submission of DataTables Editor (its manual's "client / server data"): `action` and
 * `data[<row id>][<field>]` (for a create, `data[0]`, `data[1]`, ...), form-encoded (flat or
 * nested names) or as JSON; `action=read` with `ids[]` asks for the rows again. The fields of each
 * row are left as sent (validated later against the resource's DTO). Anything else is a 400 naming
 * the parameter.
 */
export function parseEditorRequest(body: unknown): EditorRequest {
  if (!isObject(body)) throw invalid('the body must hold Editor parameters (action, data), form-encoded or as JSON');
  const action = ACTIONS.find((known) => known === body.action);
  if (action === undefined) throw invalid(`action must be one of ${ACTIONS.join(', ')}`);
  const known = new Set(['action', 'data', 'ids']);
  // `_csrf` (a token as a field) and `_` (a cache-buster) are the host's and the browser's, not Editor's.
  const unknown = Object.keys(body).filter((name) => !name.startsWith('_') && !known.has(name.replace(/\[.*$/, '')));
  if (unknown.length > 0) throw invalid(`unknown parameter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);

  if (action === 'read') return { action, ids: idsOf(body) };
  const rows = bounded(rowsOf(member(body, 'data'), action), 'data');
  if (action === 'remove') return { action, ids: [...new Set(rows.map(([key]) => rowId(key, `data[${key}]`)))] };
  const values = rows.map(([key, row]): EditorRowValues => {
    if (!isObject(row)) throw invalid(`data[${key}] must be an object of fields: data[${key}][<field>]`);
    return { key, values: withManyCounts(row, `data[${key}]`) };
  });
  if (action === 'create') return { action, rows: values };
  return { action, rows: values.map((row) => ({ ...row, id: rowId(row.key, `data[${row.key}]`) })) };
}
