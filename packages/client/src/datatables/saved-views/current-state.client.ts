import { debounce } from '../core/index.js';
import type { SavedViewsClient } from './saved-views.client.js';
import { stateKey, type TableState } from './table-state.format.js';

/** Milliseconds between the last change of a table and the save of its state. */
const STATE_SAVE_DELAY_MS = 300;

/**
 * Keeps the user's last table state on the server (`PUT <url>/current/`), only when it changed: the
 * states DataTables saves while the table initialises are what it was loaded in, and later ones are
 * sent (debounced) when they differ from what the server last got. A change still waiting when the
 * page is left (`pagehide`, or the page hidden) is sent at once with `keepalive`.
 */
export class CurrentStateSaver {
  private settled = false;
  private kept = '';
  private pending: TableState | null = null;
  private readonly save = debounce(() => this.flush(false), STATE_SAVE_DELAY_MS);
  /** Asks the table to save its state now (a change whose answer has not arrived has not been saved yet). */
  private saveNow: () => void = () => undefined;
  private readonly leave = (): void => {
    this.saveNow();
    this.flush(true);
  };
  private readonly hidden = (): void => {
    if (document.visibilityState === 'hidden') this.leave();
  };

  constructor(private readonly client: SavedViewsClient) {
    window.addEventListener('pagehide', this.leave);
    document.addEventListener('visibilitychange', this.hidden);
  }

  /** A state DataTables saved (without the keys the server does not keep). */
  saw(state: TableState): void {
    const key = stateKey(state);
    if (!this.settled) {
      this.kept = key;
      return;
    }
    if (key === this.kept) {
      this.pending = null;
      this.save.cancel();
      return;
    }
    this.pending = state;
    this.save();
  }

  /**
   * The table is initialised: from now on a state that differs is the user's change. `saveNow`
   * makes the table save its state (DataTables' `state.save()`), for when the page is left.
   */
  settle(saveNow: () => void): void {
    this.settled = true;
    this.saveNow = saveNow;
  }

  /** Sends the waiting change now; with `keepalive` while the page is being left. */
  flush(keepalive: boolean): void {
    this.save.cancel();
    if (this.pending === null) return;
    const state = this.pending;
    this.pending = null;
    this.kept = stateKey(state);
    this.client.saveCurrent(state, keepalive).catch((error: unknown) => console.warn((error as Error).message));
  }

  destroy(): void {
    this.flush(true);
    window.removeEventListener('pagehide', this.leave);
    document.removeEventListener('visibilitychange', this.hidden);
  }
}
