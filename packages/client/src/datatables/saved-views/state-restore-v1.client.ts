import { SavedViewsRequestError, type SavedViewsClient } from './saved-views.client.js';
import { stateForServer, type TableState } from './table-state.format.js';

/** What StateRestore 1.x hands its `ajax` function: the action, and the states it names. */
interface StateRestoreV1Data {
  action: string;
  stateRestore?: Record<string, unknown>;
}

/** StateRestore's own members of a state (its settings, its bookkeeping): not the table's. */
const OWN_KEYS = ['c', 'stateRestore'];

function isObject(value: unknown): value is TableState {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * StateRestore 1.x's `ajax` as a function: its requests (`load`, `save`, `rename`, `remove`) sent
 * as JSON with the CSRF token, each state as the server keeps it (columns named by their field,
 * without StateRestore's settings); `load`'s answer, the states by name, handed to StateRestore.
 * A refused request is logged: StateRestore 1.x has no error callback, so its dialog stays open.
 */
export function stateRestoreV1Ajax(
  client: SavedViewsClient,
  fieldOf: (index: number) => string,
): (data: StateRestoreV1Data, done: (states?: unknown) => void) => void {
  return (data, done) => {
    const named: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(data.stateRestore ?? {})) {
      if (!isObject(value)) {
        named[name] = value;
        continue;
      }
      const state = stateForServer(value, fieldOf);
      for (const key of OWN_KEYS) delete state[key];
      named[name] = state;
    }
    const body = data.action === 'load' ? { action: 'load' } : { action: data.action, stateRestore: named };
    client.stateRestoreV1<unknown>(body).then(done, (error: unknown) => {
      const reason = error instanceof SavedViewsRequestError ? error.serverMessage : (error as Error).message;
      console.warn(`StateRestore ${data.action}: ${reason}`);
    });
  };
}

type StateRestoreV1Ajax = ReturnType<typeof stateRestoreV1Ajax>;

/** A `savedStates` button (by name or `extend`) with the ajax function in its `config`; any other entry as it is. */
function withAjaxButton(entry: unknown, ajax: StateRestoreV1Ajax): unknown {
  if (entry === 'savedStates') return { extend: 'savedStates', config: { ajax } };
  if (isObject(entry) && entry.extend === 'savedStates') {
    return { ...entry, config: { ...(isObject(entry.config) ? entry.config : {}), ajax } };
  }
  return entry;
}

/** `value` (part of `layout` or `buttons`) with every `buttons` list's `savedStates` button given the ajax function. */
function withAjaxButtons(value: unknown, ajax: StateRestoreV1Ajax, depth = 0): unknown {
  if (depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => withAjaxButtons(item, ajax, depth + 1));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [
      key,
      key === 'buttons' && Array.isArray(member)
        ? member.map((entry) => withAjaxButton(entry, ajax))
        : withAjaxButtons(member, ajax, depth + 1),
    ]),
  );
}

/**
 * StateRestore 1.x takes its settings from the `savedStates` button that first builds it (before
 * the table's `stateRestore` option): the ajax function goes into both, the buttons in `layout`
 * or `buttons` found and given it.
 */
export function stateRestoreV1Config(
  config: { layout?: unknown; buttons?: unknown; stateRestore?: unknown },
  ajax: StateRestoreV1Ajax,
): Record<string, unknown> {
  const own = isObject(config.stateRestore) ? config.stateRestore : {};
  const buttons = Array.isArray(config.buttons)
    ? config.buttons.map((entry) => withAjaxButton(entry, ajax))
    : withAjaxButtons(config.buttons, ajax);
  return {
    stateRestore: { ...own, ajax },
    ...(config.layout === undefined ? {} : { layout: withAjaxButtons(config.layout, ajax) }),
    ...(config.buttons === undefined ? {} : { buttons }),
  };
}
