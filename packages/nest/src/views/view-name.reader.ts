import { resolveViewId } from './view-id.writer.js';
import { VIEW_NAME_METADATA, VIEW_NOT_A_PAGE_METADATA } from './views.constants.js';

function viewNameOf(target: object): string | undefined {
  return Reflect.getMetadata(VIEW_NAME_METADATA, target) as string | undefined;
}

/** Whether a handler or its controller carries `@ViewName`, which makes the route reversible. */
export function hasViewName(controller: object, handler: object): boolean {
  return viewNameOf(controller) !== undefined || viewNameOf(handler) !== undefined;
}

/** Whether a handler or its controller is marked `@ViewName(name, { page: false })`: an API route. */
export function isMarkedNotAPage(controller: object, handler: object): boolean {
  return [controller, handler].some((target) => Reflect.getMetadata(VIEW_NOT_A_PAGE_METADATA, target) === true);
}

const viewIds = new WeakMap<object, WeakMap<object, string>>();

/**
 * The view id of a route handler, from `@ViewName` on it and its controller, or their names; read
 * once per controller and handler (decorators are applied when the classes are defined).
 */
export function readViewId(controller: { name: string }, handler: { name: string }): string {
  let byHandler = viewIds.get(controller);
  if (!byHandler) viewIds.set(controller, (byHandler = new WeakMap()));
  let viewId = byHandler.get(handler);
  if (viewId === undefined) {
    viewId = resolveViewId({
      controllerName: controller.name,
      handlerName: handler.name,
      controllerViewName: viewNameOf(controller),
      handlerViewName: viewNameOf(handler),
    });
    byHandler.set(handler, viewId);
  }
  return viewId;
}
