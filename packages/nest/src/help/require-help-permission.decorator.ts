import type { HelpPermissions } from '../widgetlib.options.js';
import { requirePermissionsMetadata } from '../permissions/permissions.decorator.js';

/** Requires the configured help permission for `action` (`helpPermissions` of the module options). */
export const RequireHelpPermission = (action: keyof HelpPermissions) =>
  requirePermissionsMetadata((config) => config.helpPermissions[action]);
