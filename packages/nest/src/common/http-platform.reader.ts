// What differs between the HTTP platforms Nest runs on (Express and Fastify) in reading requests and
// responses: the library's code reads them through these, and never imports either platform.
import { ServerResponse, type IncomingHttpHeaders } from 'node:http';

/**
 * The request as the platform hands it to Nest: Express's `Request` or Fastify's `FastifyRequest`.
 * Callbacks that receive it may declare the host's own request type instead.
 */
export interface HttpRequest {
  readonly headers: IncomingHttpHeaders;
  readonly method?: string;
  readonly query?: unknown;
  /** The body as the platform's parser left it (undefined when none read it). */
  readonly body?: unknown;
  readonly url?: string;
  user?: unknown;
}

/** The bytes of the request's query string as sent (Express's `originalUrl`, else the URL). */
export function queryStringBytes(request: HttpRequest): number {
  const { originalUrl } = request as { originalUrl?: string };
  const url = originalUrl ?? request.url ?? '';
  const start = url.indexOf('?');
  return start === -1 ? 0 : Buffer.byteLength(url.slice(start + 1));
}

/**
 * The bytes of the request's body as sent: its Content-Length, or the length of the raw body the
 * platform kept (`rawBody: true`); a chunked body without either is measured as JSON.
 */
export function bodyBytes(request: HttpRequest): number {
  const length = Number.parseInt(request.headers['content-length'] ?? '', 10);
  if (Number.isSafeInteger(length) && length >= 0) return length;
  const { rawBody } = request as { rawBody?: unknown };
  if (Buffer.isBuffer(rawBody)) return rawBody.length;
  return request.body === undefined ? 0 : Buffer.byteLength(JSON.stringify(request.body));
}

/** Whether the request came with a body (a length above zero, or chunks), read or not. */
export function hasBody(request: HttpRequest): boolean {
  const { headers } = request;
  return headers['transfer-encoding'] !== undefined || Number.parseInt(headers['content-length'] ?? '0', 10) > 0;
}

/**
 * The user the host's authentication put on the request: on the request Nest hands over, or, on
 * Fastify, on the Node.js request underneath it, where Nest middleware (which Fastify runs on the
 * raw request) puts it.
 */
export function requestUser(request: unknown): unknown {
  const { user, raw } = (request ?? {}) as { user?: unknown; raw?: { user?: unknown } };
  return user ?? raw?.user;
}

/**
 * The data every template of the response sees: Express's `res.locals`, or Fastify's
 * `reply.locals` (what @fastify/view reads), created when no plugin made it.
 */
export function templateLocals(response: unknown): Record<string, unknown> | null {
  if (!response || typeof response !== 'object') return null;
  const holder = response as { locals?: unknown };
  if (holder.locals === undefined || holder.locals === null) holder.locals = {};
  return typeof holder.locals === 'object' ? (holder.locals as Record<string, unknown>) : null;
}

/** The Node.js response under the platform's: Express's response is one, Fastify's reply holds it as `raw`. */
function nodeResponse(response: unknown): ServerResponse | null {
  const candidate = (response as { raw?: unknown } | null)?.raw ?? response;
  return candidate instanceof ServerResponse ? candidate : null;
}

/** Calls `onAbort` once when the client goes away before the response is finished. */
export function onResponseAborted(response: unknown, onAbort: () => void): void {
  const raw = nodeResponse(response);
  raw?.once('close', () => {
    if (!raw.writableFinished) onAbort();
  });
}

/**
 * Breaks off a response whose body failed part way: its connection is destroyed, so that the
 * client sees a failed download rather than a file that ends early as if complete.
 */
export function abortResponse(response: unknown): void {
  nodeResponse(response)?.destroy();
}

/** Sets a header of the response: Express's `res.header()` and Fastify's `reply.header()` alike. */
export function setResponseHeader(response: unknown, name: string, value: string): void {
  (response as { header(name: string, value: string): unknown }).header(name, value);
}
