import type { Api, Config } from 'datatables.net';
import { columnFieldName, debounce } from '../core/index.js';
import type { SavedViewsClient } from './saved-views.client.js';
import { stateForServer, viewIdFromLocation, type TableState } from './table-state.format.js';

/** `createDataTable`'s `savedViews` option. */
export interface SavedViewsOptions {
  /** The table's saved-view routes: `/saved-views/<id>/`, the `id` of its `@DataTable` options. */
  url: string;
  /**
   * The saved-views control (save, load, share, delete, link): `true` (default) before the table,
   * an element (or its id) to build it in, or `false` for none.
   */
  control?: boolean | HTMLElement | string;
}

/** Milliseconds between the last change of a table and the save of its state. */
const STATE_SAVE_DELAY_MS = 300;

type ColumnOfState = { name?: unknown; data?: unknown; searchable?: unknown; orderable?: unknown } | undefined;

/**
 * The name by which a column's state is saved: its field (`name`, else `data`), empty for none. A
 * column neither searched nor ordered by (row actions, a link the host computes) has no field on
 * the server: its state is only whether it is shown.
 */
function fieldsOf(config: Config): (index: number) => string {
  const columns = (config.columns ?? []) as ColumnOfState[];
  return (index) => {
    const column = columns[index];
    if (column?.searchable === false && column.orderable === false) return '';
    return columnFieldName(column) ?? '';
  };
}

/**
 * What saved views add to a table's options. With StateRestore on the page and the `stateRestore`
 * option set, StateRestore keeps its states through the server (`<url>/state-restore/`, JSON with
 * the CSRF token); otherwise `stateSave` keeps the user's last state there (`<url>/current/`). A page
 * opened with `#view=<id>` (or `?view=<id>`) starts from that view.
 */
export function savedViewsConfig(client: SavedViewsClient, config: Config): Config {
  const fieldOf = fieldsOf(config);
  const { stateRestore } = config as { stateRestore?: unknown };
  if (stateRestore) {
    const own = typeof stateRestore === 'object' ? stateRestore : {};
    const ajax = {
      url: `${client.base}state-restore/`,
      submitAs: 'json',
      contentType: 'application/json',
      headers: client.csrfHeaders(),
    };
    return { stateRestore: { ...own, ajax } } as Config;
  }
  let pending: TableState | null = null;
  const save = debounce(() => {
    if (pending === null) return;
    const state = pending;
    pending = null;
    client.saveCurrent(state).catch((error: unknown) => console.warn((error as Error).message));
  }, STATE_SAVE_DELAY_MS);
  return {
    stateSave: true,
    // The server keeps the state for as long as the user does not change it.
    stateDuration: config.stateDuration ?? 0,
    stateSaveCallback: (_settings, state) => {
      pending = stateForServer(state as unknown as TableState, fieldOf);
      save();
    },
    stateLoadCallback: (_settings, callback) => {
      const loaded = callback as (state: TableState | null) => void;
      const id = viewIdFromLocation(window.location);
      // A view the user may not open (another user's private one, gone) leaves the table as it was.
      const wanted =
        id === null
          ? client.current()
          : client.load(id).then(
              (view) => view.state,
              (error: unknown) => {
                console.warn((error as Error).message);
                return client.current();
              },
            );
      wanted
        .then((state) => loaded(state ? { ...state, time: Date.now() } : null))
        .catch((error: unknown) => {
          console.warn((error as Error).message);
          loaded(null);
        });
      // DataTables waits for `loaded` when this returns undefined.
      return undefined;
    },
  };
}

/** The table's state as a saved view keeps it (what the control saves). */
export function savedStateOf(api: Api, config: Config): () => TableState {
  const fieldOf = fieldsOf(config);
  return () => stateForServer((api.state() ?? {}) as unknown as TableState, fieldOf);
}

/**
 * After the table is built: every saved state loses the keys the server does not keep (after the
 * extensions added theirs), and with StateRestore a `#view=<id>` link is loaded into the table.
 */
export function afterSavedViewsInit(api: Api, client: SavedViewsClient, config: Config): void {
  const fieldOf = fieldsOf(config);
  // DataTables 3 adds its child rows to the state in a listener of its own `preInit`: this one,
  // added once the table is initialised, comes after it and after the extensions'.
  api.one('init', () => {
    api.on('stateSaveParams', (_event: unknown, _settings: unknown, state: TableState) => {
      const kept = stateForServer(state, fieldOf);
      for (const key of Object.keys(state)) delete state[key];
      Object.assign(state, kept);
    });
  });
  const loadNamedView = (): void => {
    const named = viewIdFromLocation(window.location);
    if (named === null) return;
    client
      .load(named)
      .then((view) => api.state(view.state as never).draw(false))
      .catch((error: unknown) => console.warn((error as Error).message));
  };
  if ((config as { stateRestore?: unknown }).stateRestore) api.one('init', loadNamedView);
  // A view's link followed on its own page changes only the fragment: the page does not load again.
  window.addEventListener('hashchange', loadNamedView);
  api.on('destroy', () => window.removeEventListener('hashchange', loadNamedView));
}
