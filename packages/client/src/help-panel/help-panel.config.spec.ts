import { parseHelpPanelConfig } from './help-panel.config.js';

describe('parseHelpPanelConfig', () => {
  it('reads the server configuration', () => {
    expect(
      parseHelpPanelConfig({
        id_view: 'albums:edit',
        help_url: '/help/',
        permissions: { view: true, add: false, change: true, delete: false },
      }),
    ).toEqual({
      id_view: 'albums:edit',
      help_url: '/help/',
      permissions: { view: true, add: false, change: true, delete: false },
    });
  });

  it('treats missing permissions as not granted', () => {
    expect(
      parseHelpPanelConfig({ id_view: 'a:b', help_url: '/help/', permissions: { view: true } }).permissions,
    ).toEqual({
      view: true,
      add: false,
      change: false,
      delete: false,
    });
    expect(parseHelpPanelConfig({ id_view: 'a:b', help_url: '/help/' }).permissions.view).toBe(false);
  });

  it.each([
    [null, 'must be an object'],
    [[], 'must be an object'],
    [{ help_url: '/help/' }, 'id_view'],
    [{ id_view: ' ', help_url: '/help/' }, 'id_view'],
    [{ id_view: 'a:b' }, 'help_url'],
    [{ id_view: 'a:b', help_url: '/help/', permissions: 'all' }, 'permissions must be an object'],
    [{ id_view: 'a:b', help_url: '/help/', permissions: { add: 'yes' } }, 'permissions.add'],
  ])('refuses %j naming the problem', (value, problem) => {
    expect(() => parseHelpPanelConfig(value)).toThrow(problem);
  });
});
