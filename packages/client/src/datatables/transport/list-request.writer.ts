import { csrfHeaders } from '../../http/index.js';
import { buildRequestUrl } from './datatables-params.writer.js';
import {
  DEFAULT_MAX_GET_URL_LENGTH,
  type DataTableRequestParams,
  type DataTableTransportOptions,
} from '../core/index.js';

/** One list request, ready for `fetch`. */
export interface ListRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** The POST's parameters: JSON, a repeated parameter as an array. */
  body?: string;
}

/** The default `postUrl` of a list at `url`: `<path without trailing slash>/query`. */
export function defaultPostUrl(url: string, base: string): string {
  const target = new URL(url, base);
  target.pathname = `${target.pathname.replace(/\/+$/, '')}/query`;
  target.search = '';
  target.hash = '';
  return target.toString();
}

/** The parameters as a POST body: those of the list URL's own query string, then `params`. */
function jsonBody(url: string, params: DataTableRequestParams, base: string): string {
  const body: Record<string, unknown> = {};
  for (const [name, value] of new URL(url, base).searchParams) {
    const earlier = body[name];
    body[name] = earlier === undefined ? value : [earlier, value].flat();
  }
  for (const [name, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) body[name] = value;
  }
  return JSON.stringify(body);
}

/**
 * The request of one draw: a GET of `url` with `params` in its query string, or, by `options.method`
 * and the URL's length, a POST of the same parameters to `postUrl` with the page's CSRF token.
 */
export function listRequest(
  url: string,
  params: DataTableRequestParams,
  options: DataTableTransportOptions = {},
  doc: Document = document,
): ListRequest {
  const { method = 'auto', maxGetUrlLength = DEFAULT_MAX_GET_URL_LENGTH, csrf = {} } = options;
  const base = doc.baseURI;
  const getUrl = buildRequestUrl(url, params, base);
  const accept = { Accept: 'application/json' };
  if (method === 'GET' || (method === 'auto' && getUrl.length <= maxGetUrlLength)) {
    return { url: getUrl, method: 'GET', headers: accept };
  }
  const postUrl = new URL(options.postUrl ?? defaultPostUrl(url, base), base).toString();
  const headers = { ...accept, 'Content-Type': 'application/json', ...csrfHeaders(postUrl, csrf, doc) };
  return { url: postUrl, method: 'POST', headers, body: jsonBody(url, params, base) };
}
