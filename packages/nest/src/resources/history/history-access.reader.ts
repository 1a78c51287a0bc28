import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import { routeVerdict } from '../../permissions/route-permissions.checks.js';
import type { WidgetLibConfig } from '../../widgetlib.config.js';
import type { ActionRequirement } from '../resource-permissions.parser.js';

/**
 * Whether a base query gives every record of its entity: no condition, and only left joins (which
 * add relations to a record, never hide one). Only then can a deleted record be known to have
 * been in it.
 */
export function givesWholeEntity(base: SelectQueryBuilder<ObjectLiteral>): boolean {
  const { wheres, joinAttributes } = base.expressionMap;
  return wheres.length === 0 && joinAttributes.every((join) => join.direction === 'LEFT');
}

/** Whether the request's user may use an action served under `requirement` (not served: no one). */
export async function mayUse(
  requirement: ActionRequirement | undefined,
  config: WidgetLibConfig,
  request: HttpRequest,
): Promise<boolean> {
  if (!requirement) return false;
  if (requirement.public) return true;
  const granted = await config.getPermissions(request);
  return routeVerdict(requirement.permissions, granted == null ? null : new Set(granted)).allowed;
}
