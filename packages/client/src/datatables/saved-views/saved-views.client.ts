import { csrfHeaders, languageHeaders, type CsrfOptions } from '../../http/index.js';
import type { TableState } from './table-state.format.js';

/** A saved view as the server answers it. */
export interface SavedViewSummary {
  id: number;
  name: string;
  owner: string;
  /** The user's own view: they may rename, share, overwrite and delete it. */
  mine: boolean;
  shared: boolean;
  isDefault: boolean;
  state: TableState;
}

/** What a change of a view sets. */
export interface SavedViewChange {
  name?: string;
  state?: TableState;
  shared?: boolean;
}

/** A refused request: the HTTP status and the server's message (and the name a 409 refused). */
export class SavedViewsRequestError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly takenName?: string,
  ) {
    super(`Saved views: ${status} ${serverMessage}`);
    this.name = 'SavedViewsRequestError';
  }
}

/** Whether `error` is a {@link SavedViewsRequestError}, one thrown by another copy of this module too (a `<script>` part). */
export function isSavedViewsRequestError(error: unknown): error is SavedViewsRequestError {
  return error instanceof Error && error.name === 'SavedViewsRequestError';
}

/** The saved-view routes of one table (`/saved-views/<table id>/`); writes carry the page's CSRF token. */
export class SavedViewsClient {
  readonly base: string;

  constructor(
    url: string,
    private readonly csrf: CsrfOptions = {},
    private readonly doc: Document = document,
  ) {
    this.base = url.endsWith('/') ? url : `${url}/`;
  }

  /** The CSRF header of a write, when the page has a token and the routes are on the page's origin. */
  csrfHeaders(): Record<string, string> {
    return csrfHeaders(this.base, this.csrf, this.doc);
  }

  list(): Promise<SavedViewSummary[]> {
    return this.send('GET', '');
  }

  load(id: number): Promise<SavedViewSummary> {
    return this.send('GET', `${id}/`);
  }

  create(name: string, state: TableState, shared = false): Promise<SavedViewSummary> {
    return this.send('POST', '', { name, state, shared });
  }

  update(id: number, change: SavedViewChange): Promise<SavedViewSummary> {
    return this.send('PATCH', `${id}/`, change);
  }

  remove(id: number): Promise<void> {
    return this.send('DELETE', `${id}/`);
  }

  async current(): Promise<TableState | null> {
    return (await this.send<{ state: TableState | null }>('GET', 'current/')).state;
  }

  /** With `keepalive`, the request is sent even while the page is being left. */
  saveCurrent(state: TableState, keepalive = false): Promise<void> {
    return this.send('PUT', 'current/', { state }, keepalive);
  }

  /** One request of StateRestore 1.x's protocol (`action` with `stateRestore[<name>]`), as JSON with the CSRF token. */
  stateRestoreV1<T>(body: { action: string; stateRestore?: Record<string, unknown> }): Promise<T> {
    return this.send('POST', 'state-restore/', body);
  }

  private async send<T>(method: string, path: string, body?: object, keepalive = false): Promise<T> {
    const response = await fetch(this.base + path, {
      method,
      credentials: 'same-origin',
      ...(keepalive ? { keepalive } : {}),
      headers:
        method === 'GET'
          ? { Accept: 'application/json', ...languageHeaders() }
          : {
              Accept: 'application/json',
              'Content-Type': 'application/json',
              ...languageHeaders(),
              ...this.csrfHeaders(),
            },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { message?: unknown; name?: unknown };
      const message = [answer.message ?? response.statusText].flat().join('; ');
      const taken = response.status === 409 && typeof answer.name === 'string' ? answer.name : undefined;
      throw new SavedViewsRequestError(response.status, message, taken);
    }
    return (response.status === 204 ? undefined : await response.json()) as T;
  }
}
