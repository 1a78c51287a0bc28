import { METHOD_METADATA } from '@nestjs/common/constants.js';
import type { IncomingHttpHeaders } from 'node:http';
import { hasBody } from './http-platform.reader.js';

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
