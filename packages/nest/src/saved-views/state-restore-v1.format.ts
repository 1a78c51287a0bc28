import { QueryParameters, type RequestProblems } from '../datatables/internal.js';
import { SAVED_VIEW_NAME_MAX_LENGTH } from './saved-view.constants.js';
import { sameViewName } from './saved-view-name.format.js';
import type { SavedState } from './saved-view-state.parser.js';
import type { SavedViewRecord } from './saved-views.service.js';

/** StateRestore 1.x's actions (`stateRestore.ajax` given a URL or a function). */
export const STATE_RESTORE_V1_ACTIONS = ['load', 'save', 'rename', 'remove'] as const;
export type StateRestoreV1Action = (typeof STATE_RESTORE_V1_ACTIONS)[number];

/**
 * StateRestore's own members of a state it sends: its settings (`c`) and bookkeeping
 * (`stateRestore`), neither part of the table's state.
 */
const STATE_RESTORE_OWN_KEYS = ['c', 'stateRestore'];
const SEARCH_FLAGS = ['smart', 'regex', 'caseInsensitive', 'boundary', 'exact', 'return', 'visible'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A StateRestore body with its `stateRestore` member as one object, however it came: a JSON object,
 * the nested objects of an extended form parser, or flat `stateRestore[<name>][...]` names (a
 * simple form parser), which are gathered into it. A body without such names is kept as it is.
 */
export function withStateRestoreMember(body: unknown, problems: RequestProblems): unknown {
  if (!isObject(body) || body.stateRestore !== undefined) return body;
  const flat = Object.keys(body).filter((name) => name.startsWith('stateRestore['));
  if (flat.length === 0) return body;
  const rest = Object.fromEntries(Object.entries(body).filter(([name]) => !flat.includes(name)));
  return { ...rest, stateRestore: new QueryParameters(body, problems).tree('stateRestore') };
}

/** A list sent as a form sends it: an array, or an object of numbered members (jQuery's `[0]`, `[1]`, ...). */
function listOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  if (!keys.every((key) => /^\d{1,4}$/.test(key))) return undefined;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]);
}

const integerOf = (value: unknown) => (typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value);
const flagOf = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);

/** A search object with its flags as booleans and without DataTables' internals (`_hungarianMap`). */
function typedSearch(value: unknown): unknown {
  if (!isObject(value)) return value;
  const search: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (key.startsWith('_')) continue;
    if (key === 'columns') search.columns = listOf(member)?.map(integerOf) ?? member;
    else search[key] = SEARCH_FLAGS.includes(key) ? flagOf(member) : member;
  }
  return search;
}

/** A SearchBuilder group or criterion with its lists (`criteria`, `value`) as arrays. */
function typedCriteria(value: unknown): unknown {
  if (!isObject(value)) return value;
  const node: Record<string, unknown> = { ...value };
  const criteria = listOf(value.criteria);
  if (criteria) node.criteria = criteria.map(typedCriteria);
  const values = listOf(value.value);
  if (values) node.value = values;
  return node;
}

/**
 * A state StateRestore 1.x sent, as DataTables holds it: JSON (typed already) is kept; a form
 * (jQuery.param's texts) is typed back as StateRestore types a loaded state (numbers, flags, lists).
 * StateRestore's own members (`c`, `stateRestore`) are left out; every other member is checked as
 * any saved view's state is.
 */
export function typedStateV1(sent: unknown): unknown {
  if (!isObject(sent)) return sent;
  const state: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(sent)) {
    if (STATE_RESTORE_OWN_KEYS.includes(key)) continue;
    if (key === 'time' || key === 'start' || key === 'length' || key === 'page') state[key] = integerOf(value);
    else if (key === 'order') {
      const entries = listOf(value);
      state.order =
        entries?.map((entry) => listOf(entry)?.map((part, at) => (at === 0 ? integerOf(part) : part)) ?? entry) ??
        value;
    } else if (key === 'search') state.search = typedSearch(value);
    else if (key === 'columns') {
      state.columns =
        listOf(value)?.map((column) =>
          isObject(column)
            ? {
                ...column,
                ...(column.visible === undefined ? {} : { visible: flagOf(column.visible) }),
                ...(column.search === undefined ? {} : { search: typedSearch(column.search) }),
              }
            : column,
        ) ?? value;
    } else if (key === 'searchBuilder') state.searchBuilder = typedCriteria(value);
    else state[key] = value;
  }
  return state;
}

/**
 * A state's ordering with each column by its index: DataTables 2.3 saves an ordered column by its
 * name when it has one, and StateRestore 1.x reads a loaded ordering's columns as numbers.
 */
function orderByIndex(state: SavedState): SavedState['order'] {
  return state.order?.map(([column, dir]) => {
    const index =
      typeof column === 'string' ? (state.columns ?? []).findIndex((saved) => saved.name === column) : column;
    return [index >= 0 ? index : column, dir];
  });
}

/** A state as StateRestore 1.x loads it, with the settings that keep another user's shared view read-only. */
type LoadedStateV1 = Record<string, unknown> & { c?: { save: false; rename: false; remove: false } };

/**
 * StateRestore 1.x's load answer: the user's views by name, then those other users share with
 * them as `<name> (<owner>)`, which StateRestore shows without save, rename or remove.
 */
export function stateRestoreV1Answer(views: readonly SavedViewRecord[]): Record<string, LoadedStateV1> {
  const answer: Record<string, LoadedStateV1> = {};
  for (const view of views) {
    const state = { ...view.state } as LoadedStateV1;
    if (view.state.order) state.order = orderByIndex(view.state);
    if (view.mine) answer[view.name] = state;
    else answer[`${view.name} (${view.owner})`] = { ...state, c: { save: false, rename: false, remove: false } };
  }
  return answer;
}

/** What is wrong with a view name StateRestore 1.x sends (a state's name, a new name), or null. */
export function viewNameProblem(name: unknown, where: string): string | null {
  if (typeof name !== 'string' || name.trim() === '') return `${where} must be a name (text, not empty)`;
  if (name.trim().length > SAVED_VIEW_NAME_MAX_LENGTH) {
    return `${where} must be at most ${SAVED_VIEW_NAME_MAX_LENGTH} characters`;
  }
  return /^\P{Cc}*$/u.test(name) ? null : `${where} must not contain control characters`;
}

/** The listed view a StateRestore 1.x name stands for: the user's own by name, or a shared one as `<name> (<owner>)`. */
export function viewNamedV1(views: readonly SavedViewRecord[], name: string): SavedViewRecord | undefined {
  return views.find((view) => (view.mine ? sameViewName(view.name, name) : name === `${view.name} (${view.owner})`));
}
