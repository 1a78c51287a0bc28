/** @jest-environment jsdom */
import type { LabelledField } from './fields/index.js';
import { AuthoringMode } from './authoring-mode.component.js';
import { DEFAULT_HELP_PANEL_TEXTS, type HelpEntry } from './core/index.js';

const YEAR: HelpEntry = { id: 1, id_view: 'v', question_name: 'year', help_title: 'Year', help_text: '' };

function setUp(entries: readonly HelpEntry[] | null) {
  document.body.innerHTML = `
    <button id="toggle" aria-pressed="false">Authoring mode</button>
    <label for="id_name">Album name</label><input id="id_name" name="name">
    <label for="id_year">Year</label><input id="id_year" name="year">`;
  const toggle = document.querySelector<HTMLButtonElement>('#toggle')!;
  const added: string[] = [];
  let listed = entries;
  const mode = new AuthoringMode({
    texts: DEFAULT_HELP_PANEL_TEXTS,
    toggle,
    fieldRoot: document,
    entries: () => listed,
    addFor: (field: LabelledField) => added.push(field.questionName),
  });
  return { mode, toggle, added, list: (next: readonly HelpEntry[] | null) => (listed = next) };
}

const plusNames = () =>
  [...document.querySelectorAll('.widgetlib-help-add')].map((button) => button.getAttribute('aria-label'));

describe('AuthoringMode', () => {
  it('toggles with its button (aria-pressed) and puts "+" on fields without help only while on', () => {
    const { mode, toggle, added } = setUp([YEAR]);
    expect(plusNames()).toEqual([]);
    toggle.click();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(mode.isActive).toBe(true);
    expect(plusNames()).toEqual(['Add help for “Album name”']);
    document.querySelector<HTMLButtonElement>('.widgetlib-help-add')!.click();
    expect(added).toEqual(['name']);
    toggle.click();
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(plusNames()).toEqual([]);
  });

  it('puts no "+" before the entries were loaded (a failed load says nothing about the fields)', () => {
    const { mode, list } = setUp(null);
    mode.set(true);
    expect(plusNames()).toEqual([]);
    list([]);
    mode.sync();
    expect(plusNames()).toEqual(['Add help for “Album name”', 'Add help for “Year”']);
    mode.destroy();
    expect(plusNames()).toEqual([]);
  });
});
