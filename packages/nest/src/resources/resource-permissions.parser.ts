import { AUTHENTICATED, PUBLIC } from '../permissions/permissions.constants.js';
import type { ResourceAction } from './datatable-resource.options.js';

export const RESOURCE_ACTIONS: readonly ResourceAction[] = [
  'list',
  'retrieve',
  'create',
  'update',
  'delete',
  'bulkDelete',
  'purge',
];

/** Who may use a served action: everyone, or an authenticated user holding every listed permission (none: any). */
export type ActionRequirement = { public: true } | { public: false; permissions: string[] };

/** The parts of a resource declaration that decide which actions it serves. */
export interface ResourceDeclaration {
  permissions?: unknown;
  createDto?: unknown;
  updateDto?: unknown;
  dataTable?: { actions?: unknown };
}

export interface ResourcePlan {
  /** The actions served, with their requirement; an action absent here has no route. */
  served: Partial<Record<ResourceAction, ActionRequirement>>;
  /** Why the declaration is ambiguous; the resource refuses to start unless empty. */
  problems: string[];
}

const isAction = (key: string): key is ResourceAction => (RESOURCE_ACTIONS as readonly string[]).includes(key);

/** The requirement a declared value stands for, or the problem with it. */
function requirementOf(action: ResourceAction, value: unknown): ActionRequirement | string {
  if (value === PUBLIC) return { public: true };
  if (value === AUTHENTICATED) return { public: false, permissions: [] };
  const listed: unknown[] = Array.isArray(value) ? value : [value];
  if (listed.length === 0) {
    return `permissions.${action} is an empty list: name a permission, or AUTHENTICATED for any authenticated user`;
  }
  for (const permission of listed) {
    if (typeof permission !== 'string') {
      return `permissions.${action} must be PUBLIC, AUTHENTICATED, a permission or a list of permissions`;
    }
    if (permission.trim() === '') return `permissions.${action} has an empty permission`;
  }
  return { public: false, permissions: [...new Set(listed as string[])] };
}

/**
 * Which actions a `DataTableResource` declaration serves and who may use each: only the actions its
 * `permissions` names. `bulkDelete` and `purge` require `delete`'s permissions and their own. An ambiguous
 * declaration serves nothing and answers its problems.
 */
export function parseResourcePermissions(declaration: ResourceDeclaration): ResourcePlan {
  const { permissions } = declaration;
  if (typeof permissions !== 'object' || permissions === null || Array.isArray(permissions)) {
    return { served: {}, problems: [`permissions must name the actions it serves (${RESOURCE_ACTIONS.join(', ')})`] };
  }
  const problems: string[] = [];
  const served: Partial<Record<ResourceAction, ActionRequirement>> = {};
  for (const [key, value] of Object.entries(permissions)) {
    if (!isAction(key)) {
      problems.push(`permissions.${key} is not an action (${RESOURCE_ACTIONS.join(', ')})`);
      continue;
    }
    // An optional property written as `undefined` is not named, as TypeScript reads it.
    if (value === undefined) continue;
    const requirement = requirementOf(key, value);
    if (typeof requirement === 'string') problems.push(requirement);
    else served[key] = requirement;
  }
  if (problems.length === 0 && Object.keys(served).length === 0) {
    problems.push(`permissions names no action, so it would serve nothing (${RESOURCE_ACTIONS.join(', ')})`);
  }
  problems.push(...beyondDeleteProblems('bulkDelete', permissions as Record<string, unknown>, served));
  problems.push(...beyondDeleteProblems('purge', permissions as Record<string, unknown>, served));
  if (served.create && !declaration.createDto)
    problems.push('permissions names create but there is no createDto to validate its body');
  if (served.update && !declaration.updateDto && !declaration.createDto) {
    problems.push('permissions names update but there is no updateDto or createDto to validate its body');
  }
  if (declaration.dataTable?.actions === true && !served.retrieve && !served.update && !served.delete) {
    problems.push(
      'dataTable.actions: true links rows to the record route, but permissions names none of retrieve, update, delete',
    );
  }
  if (problems.length > 0) return { served: {}, problems };

  const remove = served.delete;
  for (const action of ['bulkDelete', 'purge'] as const) {
    const beyond = served[action];
    if (beyond && !beyond.public && remove && !remove.public) {
      served[action] = { public: false, permissions: [...new Set([...remove.permissions, ...beyond.permissions])] };
    }
  }
  return { served, problems };
}

/** `bulkDelete` and `purge` need `delete` and may not be more open than it. */
function beyondDeleteProblems(
  action: 'bulkDelete' | 'purge',
  permissions: Record<string, unknown>,
  served: Partial<Record<ResourceAction, ActionRequirement>>,
): string[] {
  const beyond = served[action];
  if (!beyond) return [];
  if (permissions.delete === undefined)
    return [`permissions names ${action} without delete: ${action} requires delete`];
  if (beyond.public) return [`${action} cannot be PUBLIC: it requires at least an authenticated user and delete`];
  const remove = served.delete;
  if (remove && !remove.public && remove.permissions.length > 0 && beyond.permissions.length === 0) {
    return [
      `${action} is AUTHENTICATED but delete requires ${remove.permissions.join(', ')}: ` +
        `name the permissions ${action} requires beyond delete (the same ones to require no more)`,
    ];
  }
  return [];
}
