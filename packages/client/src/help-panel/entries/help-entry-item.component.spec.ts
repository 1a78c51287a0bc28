/** @jest-environment jsdom */
import { sanitizeHelpText } from '../core/help-text.parser.js';
import { buildHelpEntryItem, type HelpEntryItemOptions } from './help-entry-item.component.js';
import { DEFAULT_HELP_PANEL_TEXTS, type HelpEntry, type HelpPanelPermissions } from '../core/index.js';
import { searchableText } from './help-search.parser.js';

const ENTRY: HelpEntry = {
  id: 7,
  id_view: 'albums:edit',
  question_name: 'barcode',
  help_title: '<b>Barcode</b> & co',
  help_text: '<p>The <em>EAN</em> under the bars.</p><img src="x" onerror="alert(1)">',
};

function options(permissions: Partial<HelpPanelPermissions>, calls: string[] = []): HelpEntryItemOptions {
  return {
    doc: document,
    texts: DEFAULT_HELP_PANEL_TEXTS,
    idPrefix: 'panel',
    sanitize: sanitizeHelpText,
    permissions: { view: true, add: false, change: false, delete: false, ...permissions },
    edit: (entry) => calls.push(`edit ${entry.id}`),
    delete: (entry, item) => calls.push(`delete ${entry.id} ${item.dataset.helpId}`),
  };
}

describe('buildHelpEntryItem', () => {
  it('shows the title and question name as text and the help text sanitised', () => {
    const { entry, item } = buildHelpEntryItem(ENTRY, options({}));
    expect(entry).toBe(ENTRY);
    const title = item.querySelector('.widgetlib-palette__entry-title')!;
    expect(title.textContent).toBe('<b>Barcode</b> & co');
    expect(title.children).toHaveLength(0);
    expect(title.id).toBe('panel-entry-7');
    expect(item.getAttribute('aria-labelledby')).toBe('panel-entry-7');
    expect(item.getAttribute('tabindex')).toBe('-1');
    expect(item.dataset.questionName).toBe('barcode');
    expect(item.querySelector('.widgetlib-palette__question')!.textContent).toBe('barcode');
    const text = item.querySelector('.widgetlib-palette__text')!;
    expect(text.querySelector('em')!.textContent).toBe('EAN');
    expect(text.querySelector('[onerror]')).toBeNull();
  });

  it('is searched in its title and the words of its text, not its markup', () => {
    const { searchable } = buildHelpEntryItem(ENTRY, options({}));
    expect(searchable).toBe(searchableText('<b>Barcode</b> & co', 'The EAN under the bars.'));
    expect(searchable).not.toContain('<em>');
  });

  it.each([
    [{}, []],
    [{ change: true }, ['edit']],
    [{ delete: true }, ['delete']],
    [{ change: true, delete: true }, ['edit', 'delete']],
  ] as const)('with %j it offers %j', (permissions, kinds) => {
    const { item } = buildHelpEntryItem(ENTRY, options(permissions));
    const buttons = [...item.querySelectorAll('.widgetlib-palette__entry-actions button')];
    expect(buttons.map((button) => button.className.match(/__(edit|delete)\b/)?.[1])).toEqual(kinds);
    if (kinds.length === 0) expect(item.querySelector('.widgetlib-palette__entry-actions')).toBeNull();
  });

  it('names its buttons after the entry and calls back with it', () => {
    const calls: string[] = [];
    const { item } = buildHelpEntryItem(ENTRY, options({ change: true, delete: true }, calls));
    const edit = item.querySelector<HTMLButtonElement>('.widgetlib-palette__edit')!;
    const remove = item.querySelector<HTMLButtonElement>('.widgetlib-palette__delete')!;
    expect(edit.getAttribute('aria-label')).toBe(DEFAULT_HELP_PANEL_TEXTS.editEntry(ENTRY.help_title));
    expect(remove.getAttribute('aria-label')).toBe(DEFAULT_HELP_PANEL_TEXTS.deleteEntry(ENTRY.help_title));
    edit.click();
    remove.click();
    expect(calls).toEqual(['edit 7', 'delete 7 7']);
  });
});
