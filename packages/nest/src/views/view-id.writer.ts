/** `AlbumDetail` -> `album-detail`, `editHTMLForm` -> `edit-html-form`, `list2` -> `list2`. */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/** The namespace a controller gets without `@ViewName`: its class name without `Controller`, kebab-case. */
export function defaultNamespace(controllerName: string): string {
  return kebabCase(controllerName.replace(/Controller$/, '')) || kebabCase(controllerName);
}

export interface ViewIdParts {
  controllerName: string;
  handlerName: string;
  /** `@ViewName('namespace')` of the controller, if any. */
  controllerViewName?: string | undefined;
  /** `@ViewName(...)` of the handler, if any: `namespace:url_name`, or a `url_name` in the controller's namespace. */
  handlerViewName?: string | undefined;
}

/**
 * The view id of a route handler: `<namespace>:<url_name>`. The namespace is the controller's
 * `@ViewName` or its kebab-case class name without `Controller`; the url_name is the handler's
 * `@ViewName` or its kebab-case method name. A handler name that contains `:` is the whole id.
 */
export function resolveViewId(parts: ViewIdParts): string {
  if (parts.handlerViewName?.includes(':')) return parts.handlerViewName;
  const namespace = parts.controllerViewName ?? defaultNamespace(parts.controllerName);
  return `${namespace}:${parts.handlerViewName ?? kebabCase(parts.handlerName)}`;
}

/** Checks a `@ViewName` argument; on a controller it is a namespace and may not contain `:`. */
export function validateViewName(name: unknown, onController: boolean): string {
  if (typeof name !== 'string' || name.trim() === '' || name !== name.trim() || /\s/.test(name)) {
    throw new Error(`@ViewName needs a non-empty name without white space, got ${JSON.stringify(name)}`);
  }
  if (onController && name.includes(':')) {
    throw new Error(`@ViewName on a controller takes a namespace without ":", got "${name}"`);
  }
  if (name.split(':').some((part) => part === '')) {
    throw new Error(`@ViewName "${name}" has an empty part around ":"`);
  }
  return name;
}
