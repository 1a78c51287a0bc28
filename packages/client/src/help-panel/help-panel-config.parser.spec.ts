import { parseHelpPanelConfig } from './help-panel-config.parser.js';

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

  it("reads whether the host records usage, and leaves it out when the host's configuration does", () => {
    const base = { id_view: 'a:b', help_url: '/help/' };
    expect(parseHelpPanelConfig({ ...base, usage: false }).usage).toBe(false);
    expect(parseHelpPanelConfig({ ...base, usage: true }).usage).toBe(true);
    expect('usage' in parseHelpPanelConfig(base)).toBe(false);
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
    [{ id_view: 'a:b', help_url: '/help/', usage: 'on' }, 'usage must be a boolean'],
  ])('refuses %j naming the problem', (value, problem) => {
    expect(() => parseHelpPanelConfig(value)).toThrow(problem);
  });
});
