// What differs between the HTTP platforms Nest runs on (Express and Fastify), in one place. The
// library's code reads requests and responses through these, and never imports either platform.
import { METHOD_METADATA } from '@nestjs/common/constants.js';
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

// Express answers `/help/` like `/help`; Fastify's router tells them apart unless the host sets
// `ignoreTrailingSlash`. The routes marked below get a twin with the trailing slash on Fastify.
// The mark rides on the route config that Nest's Fastify adapter hands to Fastify (the metadata
// key of @nestjs/platform-fastify's `@RouteConfig()`).
const FASTIFY_ROUTE_CONFIG = '__fastify_route_config__';
const WITH_TRAILING_SLASH = 'widgetlibTrailingSlash';

function markWithTrailingSlash(handler: object): void {
  const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG, handler) ?? {}) as Record<string, unknown>;
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG, { ...config, [WITH_TRAILING_SLASH]: true }, handler);
}

/**
 * Makes a route (on a handler) or every route of a controller (on the class) answer with and
 * without a trailing slash on every platform.
 */
export function AnswersWithTrailingSlash(): ClassDecorator & MethodDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      markWithTrailingSlash(descriptor.value as object);
      return;
    }
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
      if (typeof handler === 'function' && Reflect.getMetadata(METHOD_METADATA, handler) !== undefined) {
        markWithTrailingSlash(handler);
      }
    }
  };
}

/** The part of a Fastify instance the library's route hooks need (Fastify is not a dependency of the library). */
interface FastifyRoutes {
  initialConfig: { ignoreTrailingSlash?: boolean; routerOptions?: { ignoreTrailingSlash?: boolean } };
  addHook(name: 'onRoute', hook: (this: FastifyRoutes, route: FastifyRouteOptions) => void): unknown;
  route(route: FastifyRouteOptions): unknown;
}

interface FastifyRouteOptions {
  method: string | string[];
  url: string;
  handler: unknown;
  config?: Record<string, unknown>;
  constraints?: unknown;
  schema?: unknown;
  onRequest?: FastifyRequestHook | FastifyRequestHook[];
}

type FastifyRequestHook = (
  request: { raw: { headers: IncomingHttpHeaders } },
  reply: unknown,
  done: () => void,
) => void;

/** On Fastify, registers the trailing-slash twin of every marked route as Nest registers it. */
export function addTrailingSlashRoutes(adapter: { getType(): string; getInstance(): unknown } | undefined): void {
  if (adapter?.getType() !== 'fastify') return;
  const fastify = adapter.getInstance() as FastifyRoutes;
  const { ignoreTrailingSlash, routerOptions } = fastify.initialConfig;
  if (ignoreTrailingSlash || routerOptions?.ignoreTrailingSlash) return;
  fastify.addHook('onRoute', function (route) {
    // HEAD routes are the ones Fastify adds for GET routes; the twin of a GET gets its own.
    if (route.config?.[WITH_TRAILING_SLASH] !== true || route.url.endsWith('/') || route.method === 'HEAD') return;
    const { method, url, handler, config, constraints, schema } = route;
    this.route({
      method,
      url: `${url}/`,
      handler,
      config: { ...config, [WITH_TRAILING_SLASH]: false },
      ...(constraints === undefined ? {} : { constraints }),
      ...(schema === undefined ? {} : { schema }),
    });
  });
}

/**
 * Fastify answers a request that names a JSON body but has none (`Content-Type: application/json`
 * on a DELETE, as many HTTP clients send on every request) with its own 400, where Express reads no
 * body. On the library's routes (those marked for a trailing-slash twin, see above) such a request
 * loses its content type before Fastify parses, so that it answers as on Express; a body that is
 * there is parsed as before, and the host's other routes keep Fastify's rule.
 */
export function acceptMissingBodies(adapter: { getType(): string; getInstance(): unknown } | undefined): void {
  if (adapter?.getType() !== 'fastify') return;
  const fastify = adapter.getInstance() as FastifyRoutes;
  fastify.addHook('onRoute', (route) => {
    if (route.config?.[WITH_TRAILING_SLASH] === undefined) return;
    const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...hooks, withoutTypeOfMissingBody];
  });
}

const withoutTypeOfMissingBody: FastifyRequestHook = (request, _reply, done) => {
  const { headers } = request.raw;
  if (headers['content-type'] !== undefined && !hasBody({ headers })) delete headers['content-type'];
  done();
};
