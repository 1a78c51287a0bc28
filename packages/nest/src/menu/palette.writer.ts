import { escapeHtml } from '#rules/html-escape.js';
import { jsonForScript } from '../common/script-json.writer.js';
import type { PanelPermissions } from './palette-permissions.checks.js';

/** The configuration the browser's help panel reads (docs/design.md 2.3). */
export interface PaletteConfig {
  id_view: string;
  help_url: string;
  permissions: PanelPermissions;
  /** Whether the host records readers' use of help (`helpUsage`): the panel asks "Was this helpful?" only then. */
  usage: boolean;
}

export interface PaletteMarkup {
  /** Makes the element ids unique on the page, for example the menu item's id. */
  idSuffix: string;
  label: string;
  icon: string;
  config: PaletteConfig;
}

/**
 * The help panel's footer icon, its (hidden) mount point and its configuration as JSON, the
 * markup the client's help panel initialises from.
 */
export function renderPaletteMarkup({ idSuffix, label, icon, config }: PaletteMarkup): string {
  const suffix = idSuffix.replace(/[^A-Za-z0-9_-]/g, '_');
  const panelId = `widgetlib-palette-${suffix}`;
  const configId = `widgetlib-palette-config-${suffix}`;
  const safeLabel = escapeHtml(label);
  return (
    '<div class="widgetlib-palette-widget">' +
    `<button type="button" class="widgetlib-palette-toggle" aria-controls="${panelId}" aria-expanded="false" ` +
    `aria-label="${safeLabel}" title="${safeLabel}"><span class="${escapeHtml(icon)}" aria-hidden="true"></span></button>` +
    `<div id="${panelId}" class="widgetlib-palette" data-widgetlib-palette="${configId}" role="dialog" ` +
    `aria-label="${safeLabel}" hidden></div>` +
    `<script type="application/json" id="${configId}">${jsonForScript(config)}</script>` +
    '</div>'
  );
}
