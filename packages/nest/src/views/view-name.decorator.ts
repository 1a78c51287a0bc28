import { validateViewName } from './view-id.writer.js';
import { VIEW_NAME_METADATA, VIEW_NOT_A_PAGE_METADATA } from './views.constants.js';

export interface ViewNameOptions {
  /**
   * `false` for an API route (JSON for programs, not a page people see): `reverse()` knows it, and
   * help coverage does not list it among the app's pages. Default: a `GET` route is a page.
   */
  page?: boolean;
}

/**
 * Names a view. On a handler: `@ViewName('namespace:url_name')` sets its view id (a name without
 * `:` is a url_name in the controller's namespace). On a controller: `@ViewName('namespace')` sets
 * the namespace of its handlers. Handlers named this way, or in a named controller, can be reversed.
 */
export function ViewName(name: string, options: ViewNameOptions = {}): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const value = validateViewName(name, key === undefined);
    const named = descriptor ? (descriptor.value as object) : target;
    Reflect.defineMetadata(VIEW_NAME_METADATA, value, named);
    if (options.page === false) Reflect.defineMetadata(VIEW_NOT_A_PAGE_METADATA, true, named);
  }) as ClassDecorator & MethodDecorator;
}
