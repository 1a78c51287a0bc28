import type { Type } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { routeVerdict } from '../permissions/route-permissions.checks.js';
import { routeRequirements, type RouteTargets } from '../permissions/route-requirements.reader.js';
import type { WidgetLibConfig } from '../widgetlib.config.js';
import {
  DATA_TABLE_BULK_ACTION_OPTIONS,
  type DataTableActionRoute,
  type DataTablePermissions,
  type DataTablePermissionsOptions,
} from './model/index.js';

type Handler = (...args: never[]) => unknown;

/** The permissions each action of a table asks (null: none, anyone may; `false`: no route serves it). */
export interface TableActionRequirements {
  create?: string[] | null | false;
  update?: string[] | null | false;
  delete?: string[] | null | false;
  history?: string[] | null | false;
  bulk: Record<string, string[] | null | false>;
}

const RECORD_ACTIONS = ['create', 'update', 'delete', 'history'] as const;

/** The prototypes of `controller`'s instances, its own first (getters are not called). */
function prototypesOf(controller: Type): object[] {
  const chain: object[] = [];
  for (let proto = controller.prototype as object | null; proto && proto !== Object.prototype;) {
    chain.push(proto);
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return chain;
}

/** The method `name` of `controller`'s instances (own or inherited; not a getter), if any. */
function methodOf(controller: Type, name: string): Handler | undefined {
  for (const proto of prototypesOf(controller)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor) return typeof descriptor.value === 'function' ? (descriptor.value as Handler) : undefined;
  }
  return undefined;
}

/** The names of the methods of `controller` (its own and inherited) that carry `@DataTableBulkAction`. */
function bulkActionMethods(reflector: Reflector, controller: Type): string[] {
  const names = new Set(prototypesOf(controller).flatMap((proto) => Object.getOwnPropertyNames(proto)));
  return [...names]
    .filter((name) => {
      const method = name === 'constructor' ? undefined : methodOf(controller, name);
      return method !== undefined && reflector.get(DATA_TABLE_BULK_ACTION_OPTIONS, method) !== undefined;
    })
    .sort();
}

/** The route `route` names, from the list's own `controller`; throws when it names no method. */
function routeTargets(route: Exclude<DataTableActionRoute, false>, controller: Type, what: string): RouteTargets {
  const [owner, name] = typeof route === 'string' ? [controller, route] : route;
  const method = methodOf(owner, name);
  if (!method) {
    throw new Error(`permissions.${what} names ${owner.name}.${name}, which is not a method of that controller`);
  }
  return [owner, method];
}

/**
 * What each action of a table's `permissions` declaration requires, read from the
 * `@RequirePermissions` of the route serving it (the list's `controller` for a method name), with
 * the bulk actions of the list's controller when the declaration names none. Throws an Error naming
 * a route that does not exist.
 */
export function tableActionRequirements(
  declaration: DataTablePermissionsOptions,
  controller: Type,
  reflector: Reflector,
  config: WidgetLibConfig,
): TableActionRequirements {
  const requirement = (route: DataTableActionRoute, what: string) =>
    route === false ? false : routeRequirements(reflector, routeTargets(route, controller, what), config);
  const requirements: TableActionRequirements = { bulk: {} };
  for (const action of RECORD_ACTIONS) {
    const route = declaration[action];
    if (route !== undefined) requirements[action] = requirement(route, action);
  }
  const bulk =
    declaration.bulk ?? Object.fromEntries(bulkActionMethods(reflector, controller).map((name) => [name, name]));
  for (const [name, route] of Object.entries(bulk)) requirements.bulk[name] = requirement(route, `bulk.${name}`);
  return requirements;
}

/** The answer's `permissions` for a user holding `granted` (null: not authenticated). */
export function tablePermissions(
  requirements: TableActionRequirements,
  granted: ReadonlySet<string> | null,
): DataTablePermissions {
  const allows = (required: string[] | null | false) => required !== false && routeVerdict(required, granted).allowed;
  const answer: DataTablePermissions = { bulk: {} };
  for (const action of RECORD_ACTIONS) {
    const required = requirements[action];
    if (required !== undefined) answer[action] = allows(required);
  }
  for (const [name, required] of Object.entries(requirements.bulk)) answer.bulk[name] = allows(required);
  return answer;
}
