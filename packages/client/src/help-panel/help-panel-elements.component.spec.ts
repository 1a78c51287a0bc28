/** @jest-environment jsdom */
import { buildHelpPanelElements } from './help-panel-elements.component.js';
import { DEFAULT_HELP_PANEL_TEXTS, type HelpPanelPermissions } from './core/index.js';

const NONE: HelpPanelPermissions = { view: false, add: false, change: false, delete: false };

function build(permissions: Partial<HelpPanelPermissions>, panel = document.createElement('div')) {
  document.body.replaceChildren(panel);
  return {
    panel,
    parts: buildHelpPanelElements(panel, {
      texts: DEFAULT_HELP_PANEL_TEXTS,
      idPrefix: 'hp',
      permissions: { ...NONE, ...permissions },
    }),
  };
}

describe('buildHelpPanelElements', () => {
  it('builds a hidden dialog labelled by its title, with named controls described by the keyboard hint', () => {
    const { panel, parts } = build({ view: true });
    expect(panel.hidden).toBe(true);
    expect(panel.classList.contains('widgetlib-palette')).toBe(true);
    expect(panel.getAttribute('role')).toBe('dialog');
    expect(document.getElementById(panel.getAttribute('aria-labelledby')!)!.textContent).toBe(
      DEFAULT_HELP_PANEL_TEXTS.title,
    );
    expect(parts.moveButton.getAttribute('aria-label')).toBe(DEFAULT_HELP_PANEL_TEXTS.move);
    expect(parts.resizeHandle.getAttribute('aria-label')).toBe(DEFAULT_HELP_PANEL_TEXTS.resize);
    expect(parts.closeButton.getAttribute('aria-label')).toBe(DEFAULT_HELP_PANEL_TEXTS.close);
    for (const control of [parts.moveButton, parts.resizeHandle]) {
      expect(document.getElementById(control.getAttribute('aria-describedby')!)!.textContent).toBe(
        DEFAULT_HELP_PANEL_TEXTS.keyboardHint,
      );
    }
    expect(parts.header.contains(parts.moveButton)).toBe(true);
    expect(parts.search.labels?.[0]?.textContent).toBe(DEFAULT_HELP_PANEL_TEXTS.searchLabel);
    expect(parts.search.getAttribute('aria-controls')).toBe(parts.list.id);
    expect(parts.list.getAttribute('aria-label')).toBe(DEFAULT_HELP_PANEL_TEXTS.entriesLabel);
    expect(parts.status.getAttribute('role')).toBe('status');
    expect(parts.error.getAttribute('role')).toBe('alert');
    expect(parts.error.hidden).toBe(true);
  });

  it('keeps a label the host gave the panel', () => {
    const panel = document.createElement('div');
    panel.setAttribute('aria-label', 'Help for this page');
    build({}, panel);
    expect(panel.hasAttribute('aria-labelledby')).toBe(false);
  });

  it('offers search only with view and the add button only with add', () => {
    expect(build({}).parts).toMatchObject({ addButton: null });
    expect(build({}).parts.search.hidden).toBe(true);
    expect(build({ view: true }).parts.search.hidden).toBe(false);
    const { addButton, authoringToggle } = build({ add: true }).parts;
    expect(addButton?.textContent).toBe(DEFAULT_HELP_PANEL_TEXTS.add);
    expect(authoringToggle?.textContent).toBe(DEFAULT_HELP_PANEL_TEXTS.authoringMode);
    expect(authoringToggle?.getAttribute('aria-pressed')).toBe('false');
    expect(build({ view: true, change: true, delete: true }).parts.authoringToggle).toBeNull();
  });
});
