import { Injectable, RequestMethod, type INestApplication, type OnApplicationBootstrap } from '@nestjs/common';
import { METHOD_METADATA, MODULE_PATH, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { fillRoutePath, joinRoutePath, normaliseRoutePrefix, type RouteParams } from './route-path.writer.js';
import { hasViewName, isMarkedNotAPage, readViewId } from './view-name.reader.js';
import { HELP_DETAIL_ROUTE, HELP_LIST_ROUTE } from './views.constants.js';

interface NamedRoute {
  /** Path pattern without the global prefix, as Nest registers it. */
  pattern: string;
  /** Whether a `GET` route of the name is a page people see (not marked `{ page: false }`). */
  page: boolean;
  /** Where the name comes from, for error messages. */
  source: string;
}

function firstPath(value: unknown): string | undefined {
  return Array.isArray(value) ? (value[0] as string | undefined) : (value as string | undefined);
}

/**
 * Turns route names into paths: the library's `help-list` and `help-detail`, and the view id of
 * every host route whose handler or controller carries `@ViewName`.
 */
@Injectable()
export class UrlResolver implements OnApplicationBootstrap {
  private routes: Map<string, NamedRoute> | null = null;
  private globalPrefix = '';

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly metadataScanner: MetadataScanner,
    private readonly modules: ModulesContainer,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
  ) {}

  /** Collects the route names once every module is loaded, so that a name clash stops the start. */
  onApplicationBootstrap(): void {
    this.namedRoutes();
  }

  /**
   * Nest does not let a module read the application's global prefix: a host that calls
   * `app.setGlobalPrefix(prefix)` tells the resolver too (or uses `setGlobalPrefix(app, prefix)`).
   */
  useGlobalPrefix(prefix: string): void {
    this.globalPrefix = normaliseRoutePrefix(prefix);
  }

  /** Whether `name` is a route name `reverse()` knows. */
  has(name: string): boolean {
    return this.namedRoutes().has(name);
  }

  /** The view names of the app's routes (`@ViewName`), without the library's own route names. */
  viewNames(): string[] {
    return [...this.namedRoutes().keys()].filter((name) => name !== HELP_LIST_ROUTE && name !== HELP_DETAIL_ROUTE);
  }

  /**
   * The view names of the app's pages: those with a `GET` route not marked
   * `@ViewName(name, { page: false })` (API routes such as a `DataTableResource`'s are not pages).
   */
  pageViewNames(): string[] {
    return this.viewNames().filter((name) => this.namedRoutes().get(name)!.page);
  }

  /**
   * The path of the route named `name`, with `params` URL-encoded into it. An unknown name, a
   * missing parameter, or a parameter the route does not have is an `Error`.
   */
  reverse(name: string, params?: RouteParams): string {
    const route = this.namedRoutes().get(name);
    if (!route) {
      throw new Error(
        `reverse(): no route is named "${name}". Route names are help-list, help-detail and the view ids ` +
          'of routes whose handler or controller carries @ViewName.',
      );
    }
    let path: string;
    try {
      path = fillRoutePath(route.pattern, params);
    } catch (error) {
      throw new Error(`reverse("${name}"): ${(error as Error).message}`, { cause: error });
    }
    if (!this.globalPrefix) return path;
    return path === '/' ? this.globalPrefix : this.globalPrefix + path;
  }

  private namedRoutes(): Map<string, NamedRoute> {
    this.routes ??= this.collectRoutes();
    return this.routes;
  }

  private collectRoutes(): Map<string, NamedRoute> {
    const routes = new Map<string, NamedRoute>();
    const add = (name: string, route: NamedRoute) => {
      const existing = routes.get(name);
      if (existing && existing.pattern !== route.pattern) {
        throw new Error(
          `Route name "${name}" is used by ${existing.source} (${existing.pattern}) and by ${route.source} ` +
            `(${route.pattern}); give one of them another @ViewName`,
        );
      }
      routes.set(name, existing ? { ...existing, page: existing.page || route.page } : route);
    };
    const help = joinRoutePath(this.config.routePrefix, 'help');
    // The library's routes keep the trailing slash of the specification's paths.
    add(HELP_LIST_ROUTE, { pattern: `${help}/`, source: 'widgetlib', page: false });
    add(HELP_DETAIL_ROUTE, { pattern: `${help}/:id/`, source: 'widgetlib', page: false });

    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype;
      if (typeof controller !== 'function') continue;
      const prototype = controller.prototype as Record<string, unknown>;
      const controllerPath = firstPath(Reflect.getMetadata(PATH_METADATA, controller));
      const modulePath = this.modulePathOf(wrapper.host?.metatype);
      for (const methodName of this.metadataScanner.getAllMethodNames(prototype)) {
        const handler = prototype[methodName];
        const method = typeof handler === 'function' ? Reflect.getMetadata(METHOD_METADATA, handler) : undefined;
        if (typeof handler !== 'function' || method === undefined) continue;
        if (!hasViewName(controller, handler)) continue;
        const methodPath = firstPath(Reflect.getMetadata(PATH_METADATA, handler));
        add(readViewId(controller, handler), {
          pattern: joinRoutePath(modulePath, controllerPath, methodPath),
          source: `${controller.name}.${methodName}`,
          page: method === RequestMethod.GET && !isMarkedNotAPage(controller, handler),
        });
      }
    }
    return routes;
  }

  /** The path a `RouterModule` gave the controller's module, as Nest's own route resolver reads it. */
  private modulePathOf(module: unknown): string | undefined {
    if (typeof module !== 'function') return undefined;
    return (Reflect.getMetadata(MODULE_PATH + this.modules.applicationId, module) ??
      Reflect.getMetadata(MODULE_PATH, module)) as string | undefined;
  }
}

/**
 * `app.setGlobalPrefix(prefix)` that `reverse()` follows too. Call it before `app.init()` /
 * `app.listen()`, like Nest's own method.
 */
export function setGlobalPrefix(app: INestApplication, prefix: string): void {
  app.setGlobalPrefix(prefix);
  app.get(UrlResolver).useGlobalPrefix(prefix);
}
