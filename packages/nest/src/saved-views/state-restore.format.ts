import { inputProblemMessage, MAX_INPUT_DEPTH, MAX_INPUT_VALUES } from '../common/request-input.checks.js';
import type { SavedViewRecord } from './saved-views.service.js';

/** A state as StateRestore's Ajax protocol lists it. */
export interface StateRestoreEntry {
  id: number;
  name: string;
  /**
   * The state as JSON text: StateRestore 2.1 keeps the entry's id, name and flags only when its
   * `state` comes as text (given an object, it keeps the bare state).
   */
  state: string;
  isDefault: boolean;
  /** Another user's view shared with this one: loaded, never changed. */
  isSharedIn: boolean;
  /** The user's own view, shared with the other users of the table. */
  isSharedOut: boolean;
  isStatic: false;
}

/** StateRestore's answer: `{ data: [states] }`. */
export function stateRestoreAnswer(views: readonly SavedViewRecord[]): { data: StateRestoreEntry[] } {
  return {
    data: views.map((view) => ({
      id: view.id,
      name: view.mine ? view.name : `${view.name} (${view.owner})`,
      state: JSON.stringify(view.state),
      isDefault: view.isDefault,
      isSharedIn: !view.mine,
      isSharedOut: view.mine && view.shared,
      isStatic: false,
    })),
  };
}

/**
 * The JSON text of a state StateRestore sends, parsed; a message when it is not JSON, or when it
 * breaks the rule of every body (see `findInputProblem`).
 */
export function parseStateText(text: string): { state: unknown } | { problem: string } {
  let state: unknown;
  try {
    state = JSON.parse(text) as unknown;
  } catch {
    return { problem: 'state must be a DataTables state as JSON text' };
  }
  const problem = inputProblemMessage(state, { maxDepth: MAX_INPUT_DEPTH, maxValues: MAX_INPUT_VALUES }, 'properties', {
    named: 'state',
  });
  return problem === null ? { state } : { problem };
}
