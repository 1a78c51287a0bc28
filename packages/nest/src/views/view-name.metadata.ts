import { resolveViewId } from './view-id.js';
import { VIEW_NAME_METADATA } from './views.constants.js';

function viewNameOf(target: object): string | undefined {
  return Reflect.getMetadata(VIEW_NAME_METADATA, target) as string | undefined;
}

/** Whether a handler or its controller carries `@ViewName`, which makes the route reversible. */
export function hasViewName(controller: object, handler: object): boolean {
  return viewNameOf(controller) !== undefined || viewNameOf(handler) !== undefined;
}

/** The view id of a route handler, from `@ViewName` on it and its controller, or their names. */
export function readViewId(controller: { name: string }, handler: { name: string }): string {
  return resolveViewId({
    controllerName: controller.name,
    handlerName: handler.name,
    controllerViewName: viewNameOf(controller),
    handlerViewName: viewNameOf(handler),
  });
}
