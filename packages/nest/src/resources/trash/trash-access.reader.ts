import { UnauthorizedException } from '@nestjs/common';
import { MissingPermissionsException } from '../../permissions/missing-permissions.exception.js';
import { routeVerdict } from '../../permissions/route-permissions.checks.js';
import type { ActionRequirement } from '../resource-permissions.parser.js';

/** Whether a user holding `granted` (null: not authenticated) may use an action requiring `requirement`. */
export function allows(requirement: ActionRequirement | undefined, granted: ReadonlySet<string> | null): boolean {
  if (!requirement) return false;
  return requirement.public || routeVerdict(requirement.permissions, granted).allowed;
}

/**
 * Refuses an action inside a route as the permission guard refuses a route: 401 without a user, 403
 * naming the missing permissions (a purge, which shares `delete`'s route).
 */
export function requireAction(requirement: ActionRequirement, granted: ReadonlySet<string> | null): void {
  if (requirement.public) return;
  const verdict = routeVerdict(requirement.permissions, granted);
  if (verdict.allowed) return;
  if (verdict.reason === 'unauthenticated') throw new UnauthorizedException('Authentication is required');
  throw new MissingPermissionsException(verdict.missing);
}
