import { stateForServer, stateKey, viewIdFromLocation, viewLink } from './table-state.format.js';

describe('saved-view states', () => {
  it('drops the keys the server does not keep and names every column by its field', () => {
    const state = {
      time: 1,
      searchPanes: { panes: [] },
      columnControl: {},
      select: { rows: [] },
      search: { search: 'x', _hungarianMap: {} },
      columns: [{ visible: true, search: { search: '', _cache: 1 } }, { name: 'own', visible: false }, null],
    };
    expect(stateForServer(state, (index) => ['artist__name', 'ignored', ''][index]!)).toEqual({
      time: 1,
      search: { search: 'x' },
      columns: [
        { visible: true, name: 'artist__name', search: { search: '' } },
        { name: 'own', visible: false },
        { name: '' },
      ],
    });
    expect(state.searchPanes).toEqual({ panes: [] });
  });

  it("drops SearchBuilder's conditions that name no condition, and groups left empty", () => {
    const title = { condition: 'contains', data: 'Title', origData: 'title', type: 'string', value: ['Blue'] };
    const blank = { type: '', value: [] };
    expect(stateForServer({ searchBuilder: { logic: 'AND', criteria: [blank] } }, () => '')).toEqual({
      searchBuilder: {},
    });
    expect(
      stateForServer(
        { searchBuilder: { logic: 'OR', criteria: [title, blank, { logic: 'AND', criteria: [blank] }] } },
        () => '',
      ),
    ).toEqual({ searchBuilder: { logic: 'OR', criteria: [title] } });
    const nested = { logic: 'AND', criteria: [blank, { logic: 'OR', criteria: [title] }] };
    expect(stateForServer({ searchBuilder: nested }, () => '')).toEqual({
      searchBuilder: { logic: 'AND', criteria: [{ logic: 'OR', criteria: [title] }] },
    });
  });

  it('reads the view of a link from the hash or the query, positive integers only', () => {
    expect(viewIdFromLocation({ hash: '#view=12', search: '' })).toBe(12);
    expect(viewIdFromLocation({ hash: '', search: '?a=1&view=7' })).toBe(7);
    expect(viewIdFromLocation({ hash: '#view=3', search: '?view=7' })).toBe(3);
    for (const hash of ['#view=0', '#view=-1', '#view=1e3', '#view=abc', '#view=', '#other=1', '#view=12345678901']) {
      expect(viewIdFromLocation({ hash, search: '' })).toBeNull();
    }
  });

  it('links a view by the hash of the page', () => {
    expect(viewLink(5, 'https://host.test/albums/?page=2#view=1')).toBe('https://host.test/albums/?page=2#view=5');
  });

  it("compares states by what they select, whatever their keys' order and time", () => {
    const a = { time: 1, start: 0, order: [['year', 'desc']], search: { search: 'x', smart: true } };
    const b = { search: { smart: true, search: 'x' }, order: [['year', 'desc']], start: 0, time: 2 };
    expect(stateKey(a)).toBe(stateKey(b));
    expect(stateKey(a)).not.toBe(stateKey({ ...b, search: { search: 'y', smart: true } }));
    expect(stateKey(a)).not.toBe(stateKey({ ...b, start: 10 }));
    expect(stateKey(a, true)).toBe(stateKey({ ...b, start: 10, page: 1 }, true));
    expect(stateKey(null)).toBe('{}');
    expect(stateKey({ ...a, searchBuilder: {}, searchGroups: [], page: 0 })).toBe(stateKey(a));
    expect(stateKey({ ...a, searchBuilder: { logic: 'AND' } })).not.toBe(stateKey(a));
  });
});
