import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import type { WidgetLibConfig } from '../widgetlib.config.js';
import { REQUIRED_PERMISSIONS_METADATA } from './permissions.constants.js';
import { PermissionsGuard } from './permissions.guard.js';

/** A permission string, or one read from the module's configuration when the request arrives. */
export type PermissionRequirement = string | ((config: WidgetLibConfig) => string);

export function requirePermissionsMetadata(...permissions: PermissionRequirement[]) {
  return applyDecorators(SetMetadata(REQUIRED_PERMISSIONS_METADATA, permissions), UseGuards(PermissionsGuard));
}

/**
 * Lets a route through only for a user holding every listed permission: 401 without a user,
 * 403 without a permission. With no permission listed, any authenticated user. On a controller it
 * applies to every handler, merged with the handler's.
 */
export const RequirePermissions = (...permissions: string[]) => requirePermissionsMetadata(...permissions);
