import type { CsrfOptions } from '../../http/index.js';

/** How a table sends its requests: `GET`, `POST` (the parameters as a JSON body), or `auto`. */
export type DataTableRequestMethod = 'GET' | 'POST' | 'auto';

/** Longest GET URL, in characters, that `method: 'auto'` sends before it switches to POST. */
export const DEFAULT_MAX_GET_URL_LENGTH = 2000;

/** The options of `createDataTable` that choose how its requests travel. */
export interface DataTableTransportOptions {
  /**
   * `auto` (default): GET while the URL stays within `maxGetUrlLength` characters, POST past it;
   * `GET` or `POST` always. The POST form is a read, served by `DataTableResource` at `<url>/query`.
   */
  method?: DataTableRequestMethod;
  /** Where POST requests go; default the list URL without its query string and trailing slash, plus `/query`. */
  postUrl?: string;
  /** Longest GET URL of `method: 'auto'` (default 2000 characters, within every browser's and server's reach). */
  maxGetUrlLength?: number;
  /**
   * The CSRF token a POST carries (same-origin only): default the `<meta name="csrf-token">` of the
   * page in the `X-CSRF-Token` header, as the help panel sends it.
   */
  csrf?: CsrfOptions;
}
