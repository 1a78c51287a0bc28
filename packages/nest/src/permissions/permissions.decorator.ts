import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { REQUIRED_PERMISSIONS_METADATA } from './permissions.constants.js';
import type { PermissionRequirement } from './permission-requirement.types.js';
import { PermissionsGuard } from './permissions.guard.js';

export function requirePermissionsMetadata(...permissions: PermissionRequirement[]) {
  return applyDecorators(SetMetadata(REQUIRED_PERMISSIONS_METADATA, permissions), UseGuards(PermissionsGuard));
}

/**
 * Lets a route through only for a user holding every listed permission: 401 without a user,
 * 403 without a permission. With no permission listed, any authenticated user. On a controller it
 * applies to every handler, merged with the handler's.
 */
export const RequirePermissions = (...permissions: string[]) => requirePermissionsMetadata(...permissions);
