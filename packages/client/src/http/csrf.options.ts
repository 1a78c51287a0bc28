/** The header a write carries its CSRF token in, unless the host names another. */
export const DEFAULT_CSRF_HEADER = 'X-CSRF-Token';

/**
 * Where writes find the host's CSRF token and which header carries it. The token is sent only when
 * the request goes to the page's own origin.
 */
export interface CsrfOptions {
  /** Default `X-CSRF-Token`. */
  headerName?: string;
  /** The token, or a function returning it; default: the `content` of `<meta name="csrf-token">`. */
  token?: string | (() => string | null | undefined);
}
