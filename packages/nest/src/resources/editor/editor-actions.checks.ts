import { WidgetLibError } from '../../common/errors/index.js';
import type { ResourceAction } from '../datatable-resource.options.js';
import type { ActionRequirement, ResourcePlan } from '../resource-permissions.parser.js';
import type { EditorAction } from './editor-request.parser.js';

/** The resource action whose permissions and scope each Editor action has. */
export const EDITOR_ACTIONS: Record<EditorAction, ResourceAction> = {
  create: 'create',
  edit: 'update',
  remove: 'delete',
  read: 'list',
};

/** Whether a declaration can serve Editor: `editor` set, and at least one write served. */
export function editorProblem(editor: unknown, plan: ResourcePlan): string | null {
  if (editor === undefined || editor === false) return null;
  if (editor !== true && (typeof editor !== 'object' || editor === null))
    return 'editor must be true or an object of options';
  if (!plan.served.create && !plan.served.update && !plan.served.delete) {
    return 'editor needs at least one of create, update, delete named in permissions';
  }
  return null;
}

/** Who may run an Editor action: its REST twin's requirement; a 400 naming it when the twin is not served. */
export function editorRequirement(plan: ResourcePlan, action: EditorAction): ActionRequirement {
  const twin = EDITOR_ACTIONS[action];
  const requirement = plan.served[twin];
  if (!requirement) {
    throw new WidgetLibError('invalid', [`action=${action} is not served: permissions names no ${twin}`]);
  }
  return requirement;
}
