import type { Type } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { WidgetLibConfig } from '../widgetlib.config.js';
import { REQUIRED_PERMISSIONS_METADATA } from './permissions.constants.js';
import type { PermissionRequirement } from './permission-requirement.types.js';

/** A route as `@RequirePermissions` decorates it: its controller class and its method. */
export type RouteTargets = readonly [controller: Type, handler: (...args: never[]) => unknown];

/**
 * The permissions `@RequirePermissions` asks of a route, on its controller and its method merged,
 * read from the configuration when given as functions; null when neither carries the decorator
 * (the guard lets everyone through).
 */
export function routeRequirements(
  reflector: Reflector,
  targets: RouteTargets,
  config: WidgetLibConfig,
): string[] | null {
  const declared = targets.map((target) =>
    reflector.get<PermissionRequirement[] | undefined>(REQUIRED_PERMISSIONS_METADATA, target),
  );
  if (declared.every((requirements) => requirements === undefined)) return null;
  return declared
    .flatMap((requirements) => requirements ?? [])
    .map((requirement) => (typeof requirement === 'function' ? requirement(config) : requirement));
}
