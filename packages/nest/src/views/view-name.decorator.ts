import { validateViewName } from './view-id.writer.js';
import { VIEW_NAME_METADATA } from './views.constants.js';

/**
 * Names a view. On a handler: `@ViewName('namespace:url_name')` sets its view id (a name without
 * `:` is a url_name in the controller's namespace). On a controller: `@ViewName('namespace')` sets
 * the namespace of its handlers. Handlers named this way, or in a named controller, can be reversed.
 */
export function ViewName(name: string): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const value = validateViewName(name, key === undefined);
    Reflect.defineMetadata(VIEW_NAME_METADATA, value, descriptor ? (descriptor.value as object) : target);
  }) as ClassDecorator & MethodDecorator;
}
