import { DEFAULT_HELP_PERMISSIONS } from '../widgetlib.config.js';
import { grantPanelPermissions, panelActionOf, panelRequirements } from './palette-permissions.checks.js';

describe('panelActionOf', () => {
  it.each([
    ['widgetlib.view_help', 'view'],
    ['app.sub.add_help', 'add'],
    ['change_help', 'change'],
    ['x.delete_note', 'delete'],
    ['widgetlib.manage_help', null],
    ['view_help.other', null],
    ['widgetlib.viewhelp', null],
  ])('%s -> %s', (permission, action) => {
    expect(panelActionOf(permission)).toBe(action);
  });
});

describe('panelRequirements', () => {
  it('uses the configured help permissions without reversed_kwargs', () => {
    const expected = {
      view: ['widgetlib.view_help'],
      add: ['widgetlib.add_help'],
      change: ['widgetlib.change_help'],
      delete: ['widgetlib.delete_help'],
    };
    expect(panelRequirements(null, DEFAULT_HELP_PERMISSIONS)).toEqual(expected);
    expect(panelRequirements(' , ', DEFAULT_HELP_PERMISSIONS)).toEqual(expected);
  });

  it('replaces them with the listed strings, trimmed, by action', () => {
    expect(panelRequirements(' docs.view_page , docs.change_page,docs.manage_page ', DEFAULT_HELP_PERMISSIONS)).toEqual(
      {
        view: ['docs.view_page'],
        add: [],
        change: ['docs.change_page'],
        delete: [],
      },
    );
  });
});

describe('grantPanelPermissions', () => {
  const requirements = { view: ['a.view_x'], add: ['a.add_x', 'b.add_x'], change: [], delete: ['a.delete_x'] };

  it('grants an action when every permission it needs is held', () => {
    expect(grantPanelPermissions(requirements, new Set(['a.view_x', 'a.add_x', 'b.add_x']))).toEqual({
      view: true,
      add: true,
      change: false,
      delete: false,
    });
  });

  it('refuses an action when one of its permissions is missing, or it needs none', () => {
    expect(grantPanelPermissions(requirements, new Set(['a.add_x', 'a.delete_x']))).toEqual({
      view: false,
      add: false,
      change: false,
      delete: true,
    });
  });
});
