import type { HelpPermissions } from '../widgetlib.options.js';

export type PanelAction = keyof HelpPermissions;
export type PanelPermissions = Record<PanelAction, boolean>;

const ACTIONS: readonly PanelAction[] = ['view', 'add', 'change', 'delete'];

/** The action a permission string stands for: the prefix of its part after the last dot. */
export function panelActionOf(permission: string): PanelAction | null {
  const codename = permission.slice(permission.lastIndexOf('.') + 1);
  return ACTIONS.find((action) => codename.startsWith(`${action}_`)) ?? null;
}

/**
 * The permission strings each panel action needs: the module's `helpPermissions`, or, when
 * `reversedKwargs` lists any, those strings (comma-separated, trimmed) sorted by their action.
 * An action no listed string maps to needs a permission nobody has: it is not granted.
 */
export function panelRequirements(
  reversedKwargs: string | null,
  defaults: HelpPermissions,
): Record<PanelAction, string[]> {
  const listed = (reversedKwargs ?? '')
    .split(',')
    .map((permission) => permission.trim())
    .filter(Boolean);
  if (listed.length === 0) {
    return { view: [defaults.view], add: [defaults.add], change: [defaults.change], delete: [defaults.delete] };
  }
  const requirements: Record<PanelAction, string[]> = { view: [], add: [], change: [], delete: [] };
  for (const permission of listed) {
    const action = panelActionOf(permission);
    if (action) requirements[action].push(permission);
  }
  return requirements;
}

/** An action is granted when it needs at least one permission and the user holds every one. */
export function grantPanelPermissions(
  requirements: Record<PanelAction, string[]>,
  granted: ReadonlySet<string>,
): PanelPermissions {
  const allowed = (action: PanelAction) =>
    requirements[action].length > 0 && requirements[action].every((permission) => granted.has(permission));
  return { view: allowed('view'), add: allowed('add'), change: allowed('change'), delete: allowed('delete') };
}
