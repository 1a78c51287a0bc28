import type { Api, Config } from 'datatables.net';
import { columnFieldName } from '../core/index.js';
import type { DataTableTexts } from '../../texts/index.js';
import { CurrentStateSaver } from './current-state.client.js';
import { SavedViewsRequestError, type SavedViewsClient } from './saved-views.client.js';
import { stateRestoreV1Ajax, stateRestoreV1Config } from './state-restore-v1.client.js';
import {
  stateForServer,
  viewIdFromLocation,
  withoutBlankSearchBuilder,
  type TableState,
} from './table-state.format.js';

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

/** What the page learns of the view of its address (`#view=<id>`): the view loaded, or why not. */
export interface LinkedView {
  /** The view the table was opened in. */
  loaded: number | null;
  /** Why the linked view was not opened (the user's last state was), in the page's words. */
  problem: string | null;
}

/** Where a table's saved views tell what happened to a view: the control, or a status line. */
export interface SavedViewsReport {
  /** The view `id` is loaded: the table shows it already (`shown`), or from its next draw. */
  loaded(id: number, shown: boolean): void;
  problem(text: string): void;
}

/** What saved views add to a table: its options, the saver of the user's state, the linked view. */
export interface SavedViewsSetup {
  config: Config;
  saver: CurrentStateSaver | null;
  linked: LinkedView;
}

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

/** The words for a view of a link that could not be opened: gone or not shared (404), or another failure. */
export function linkProblemText(error: unknown, texts: DataTableTexts): string {
  if (error instanceof SavedViewsRequestError && error.status === 404) return texts.viewLinkUnavailable;
  const reason = error instanceof SavedViewsRequestError ? error.serverMessage : (error as Error).message;
  return texts.viewLinkFailed.replace('{error}', reason);
}

/** The major version of the StateRestore of `engine` (1 runs with DataTables 2.3, 2 with 3); null without one. */
function stateRestoreMajor(engine: unknown): number | null {
  const version = (engine as { StateRestore?: { version?: unknown } } | undefined)?.StateRestore?.version;
  return typeof version === 'string' ? Number.parseInt(version, 10) : null;
}

/**
 * What saved views add to a table's options. With StateRestore on the page and the `stateRestore`
 * option set, StateRestore keeps its states through the server (`<url>/state-restore/`, JSON with
 * the CSRF token; StateRestore 1.x's requests through a function of its `ajax`); otherwise `stateSave` keeps the user's last state there (`<url>/current/`),
 * saved only when it changed. A page opened with `#view=<id>` (or `?view=<id>`) starts from that
 * view, or, when the user may not open it, from their last state, the reason in `linked`. Either
 * state is applied before the table's first request.
 */
export function savedViewsConfig(
  client: SavedViewsClient,
  config: Config,
  texts: () => DataTableTexts,
  /** The DataTables that builds the table (its StateRestore's version picks the protocol). */
  engine?: unknown,
): SavedViewsSetup {
  const fieldOf = fieldsOf(config);
  const linked: LinkedView = { loaded: null, problem: null };
  const { stateRestore } = config as { stateRestore?: unknown };
  if (stateRestore) {
    const own = typeof stateRestore === 'object' ? stateRestore : {};
    if (stateRestoreMajor(engine) === 1) {
      const restoreConfig = stateRestoreV1Config(config, stateRestoreV1Ajax(client, fieldOf));
      return { config: restoreConfig as Config, saver: null, linked };
    }
    const ajax = {
      url: `${client.base}state-restore/`,
      submitAs: 'json',
      contentType: 'application/json',
      headers: client.csrfHeaders(),
    };
    return { config: { stateRestore: { ...own, ajax } } as Config, saver: null, linked };
  }
  const saver = new CurrentStateSaver(client);
  const stateConfig: Config = {
    stateSave: true,
    // The server keeps the state for as long as the user does not change it.
    stateDuration: config.stateDuration ?? 0,
    stateSaveCallback: (_settings, state) => saver.saw(stateForServer(state as unknown as TableState, fieldOf)),
    stateLoadCallback: (_settings, callback) => {
      const loaded = callback as (state: TableState | null) => void;
      const id = viewIdFromLocation(window.location);
      // Both at once: a view the user may not open (another user's private one, gone) leaves the
      // table in their last state, without a second wait.
      const current = client.current();
      const wanted =
        id === null
          ? current
          : client.load(id).then(
              (view) => {
                linked.loaded = view.id;
                return view.state;
              },
              (error: unknown) => {
                linked.problem = linkProblemText(error, texts());
                return current;
              },
            );
      current.catch(() => undefined);
      // SearchPanes, starting up, pages to the loaded state's `start`: a view kept without one is on the first page.
      wanted
        .then((state) => loaded(state ? { start: 0, ...withoutBlankSearchBuilder(state), time: Date.now() } : null))
        .catch((error: unknown) => {
          console.warn((error as Error).message);
          loaded(null);
        });
      // DataTables waits for `loaded` when this returns undefined.
      return undefined;
    },
  };
  return { config: stateConfig, saver, linked };
}

/** The table's state as a saved view keeps it (what the control saves). */
export function savedStateOf(api: Api, config: Config): () => TableState {
  const fieldOf = fieldsOf(config);
  return () => stateForServer((api.state() ?? {}) as unknown as TableState, fieldOf);
}

/**
 * After the table is built: every saved state loses the keys the server does not keep (after the
 * extensions added theirs); the state saver learns when the table is initialised; with StateRestore
 * a `#view=<id>` link is loaded into the table; a link followed on the page (only the fragment
 * changes) loads its view. What became of a view is told to `report`.
 */
export function afterSavedViewsInit(
  api: Api,
  client: SavedViewsClient,
  setup: SavedViewsSetup,
  config: Config,
  texts: () => DataTableTexts,
  report: SavedViewsReport,
): void {
  const fieldOf = fieldsOf(config);
  // DataTables 3 adds its child rows to the state in a listener of its own `preInit`: this one,
  // added once the table is initialised, comes after it and after the extensions'.
  api.one('init', () => {
    api.on('stateSaveParams', (_event: unknown, _settings: unknown, state: TableState) => {
      const kept = stateForServer(state, fieldOf);
      for (const key of Object.keys(state)) delete state[key];
      Object.assign(state, kept);
    });
    setup.saver?.settle(() => api.state.save());
    if (setup.linked.loaded !== null) report.loaded(setup.linked.loaded, true);
    else if (setup.linked.problem !== null) report.problem(setup.linked.problem);
  });
  const loadNamedView = (): void => {
    const named = viewIdFromLocation(window.location);
    if (named === null) return;
    client.load(named).then(
      (view) => {
        report.loaded(view.id, false);
        api.state(withoutBlankSearchBuilder(view.state as TableState) as never).draw(false);
      },
      (error: unknown) => report.problem(linkProblemText(error, texts())),
    );
  };
  if ((config as { stateRestore?: unknown }).stateRestore) api.one('init', loadNamedView);
  window.addEventListener('hashchange', loadNamedView);
  api.on('destroy', () => {
    window.removeEventListener('hashchange', loadNamedView);
    setup.saver?.destroy();
  });
}
