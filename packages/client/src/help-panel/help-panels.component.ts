import { readHelpPanelConfig } from './help-panel-config.parser.js';
import { HelpPanel } from './help-panel.component.js';
import type { HelpPanelOptions, HelpPanelSettings } from './core/index.js';

const started = new WeakMap<Element, HelpPanel>();

/** Starts a help panel from a configuration object (the JSON the server renders, or the host's own). */
export function createHelpPanel(options: HelpPanelOptions): HelpPanel {
  const existing = options.panel && started.get(options.panel);
  if (existing) return existing;
  const panel = new HelpPanel(options);
  started.set(panel.element, panel);
  return panel;
}

/**
 * Starts every help panel the server rendered under `root` (elements with `data-widgetlib-palette`
 * naming their JSON configuration); panels already started are returned as they are. The footer
 * icon is the element whose `aria-controls` names the panel.
 */
export function initHelpPanels(root: ParentNode = document, settings: HelpPanelSettings = {}): HelpPanel[] {
  const mounts = [...root.querySelectorAll<HTMLElement>('[data-widgetlib-palette]')];
  if (root instanceof HTMLElement && root.matches('[data-widgetlib-palette]')) mounts.unshift(root);
  return mounts.map((panel) => {
    const doc = panel.ownerDocument;
    const configId = panel.dataset.widgetlibPalette ?? '';
    const script = doc.getElementById(configId);
    if (!script) throw new Error(`help panel #${panel.id}: no configuration element #${configId}`);
    const toggle = panel.id ? doc.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(panel.id)}"]`) : null;
    return createHelpPanel({ ...settings, config: readHelpPanelConfig(script), panel, toggle });
  });
}
