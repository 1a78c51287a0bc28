import { UnauthorizedException } from '@nestjs/common';
import { asHttpError } from '../../common/errors/http-error.mapping.js';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import { MissingPermissionsException } from '../../permissions/missing-permissions.exception.js';
import { routeVerdict } from '../../permissions/route-permissions.checks.js';
import type { WidgetLibConfig } from '../../widgetlib.config.js';
import type { ResourcePlan } from '../resource-permissions.parser.js';
import { editorRequirement } from './editor-actions.checks.js';
import type { EditorAction } from './editor-request.parser.js';

/**
 * Refuses an Editor action as the permission guard refuses its REST twin's route: 401 without a
 * user, 403 naming the missing permissions; 400 when the twin is not served.
 */
export async function requireEditorAction(
  plan: ResourcePlan,
  action: EditorAction,
  config: WidgetLibConfig,
  request: HttpRequest,
): Promise<void> {
  let requirement;
  try {
    requirement = editorRequirement(plan, action);
  } catch (error) {
    throw asHttpError(error);
  }
  if (requirement.public) return;
  const granted = await config.getPermissions(request);
  const verdict = routeVerdict(requirement.permissions, granted == null ? null : new Set(granted));
  if (verdict.allowed) return;
  if (verdict.reason === 'unauthenticated') throw new UnauthorizedException('Authentication is required');
  throw new MissingPermissionsException(verdict.missing);
}

/** Whether the user may create or update through Editor: who is offered the form's `options`. */
export async function mayWriteWithEditor(
  plan: ResourcePlan,
  config: WidgetLibConfig,
  request: HttpRequest,
): Promise<boolean> {
  const requirements = [plan.served.create, plan.served.update].filter((requirement) => requirement !== undefined);
  if (requirements.some((requirement) => requirement.public)) return true;
  if (requirements.length === 0) return false;
  const granted = await config.getPermissions(request);
  const given = granted == null ? null : new Set(granted);
  return requirements.some(
    (requirement) => !requirement.public && routeVerdict(requirement.permissions, given).allowed,
  );
}
