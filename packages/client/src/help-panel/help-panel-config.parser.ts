import type { HelpPanelConfig, HelpPanelPermissions } from './core/index.js';

const ACTIONS: readonly (keyof HelpPanelPermissions)[] = ['view', 'add', 'change', 'delete'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The panel configuration checked field by field (it comes from a page the library does not
 * control). A missing permission is `false`; anything else malformed throws an error naming it.
 */
export function parseHelpPanelConfig(value: unknown): HelpPanelConfig {
  if (!isRecord(value)) throw new TypeError('help panel configuration must be an object');
  const { id_view: idView, help_url: helpUrl, permissions, usage } = value;
  if (typeof idView !== 'string' || idView.trim() === '') {
    throw new TypeError('help panel configuration: id_view must be a non-empty string');
  }
  if (typeof helpUrl !== 'string' || helpUrl.trim() === '') {
    throw new TypeError('help panel configuration: help_url must be a non-empty string');
  }
  if (permissions !== undefined && !isRecord(permissions)) {
    throw new TypeError('help panel configuration: permissions must be an object');
  }
  const granted = {} as HelpPanelPermissions;
  for (const action of ACTIONS) {
    const flag = permissions?.[action] ?? false;
    if (typeof flag !== 'boolean') {
      throw new TypeError(`help panel configuration: permissions.${action} must be a boolean`);
    }
    granted[action] = flag;
  }
  if (usage !== undefined && typeof usage !== 'boolean') {
    throw new TypeError('help panel configuration: usage must be a boolean');
  }
  return { id_view: idView, help_url: helpUrl.trim(), permissions: granted, ...(usage === undefined ? {} : { usage }) };
}

/** Reads and checks the JSON configuration from a `<script type="application/json">` element. */
export function readHelpPanelConfig(script: Element): HelpPanelConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(script.textContent ?? '');
  } catch (error) {
    throw new TypeError(`help panel configuration #${script.id} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return parseHelpPanelConfig(parsed);
}
