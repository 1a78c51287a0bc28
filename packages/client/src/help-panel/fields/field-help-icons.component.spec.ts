/** @jest-environment jsdom */
import { FieldHelpIcons, findLabelledFields } from './field-help-icons.component.js';
import type { HelpEntry } from '../core/index.js';

function entry(id: number, question_name: string, help_title: string): HelpEntry {
  return { id, id_view: 'albums:edit', question_name, help_title, help_text: '' };
}

beforeEach(() => {
  document.body.innerHTML = `
    <form>
      <label for="id_name">Album name</label><input id="id_name" name="name">
      <label for="id_year">Year</label><input id="id_year" name="release_year">
      <label>Record label <input name="label"></label>
      <label for="nothing">Loose label</label>
      <label>No field</label>
    </form>
    <div class="widgetlib-palette" data-widgetlib-palette="cfg"><label for="panel-search">Search</label><input id="panel-search"></div>
    <div class="dt-container">
      <div class="dt-length"><select id="dt-length-0"></select><label for="dt-length-0">entries per page</label></div>
      <div class="dt-search"><label for="dt-search-0">Search:</label><input id="dt-search-0"></div>
    </div>`;
});

describe('findLabelledFields', () => {
  it("names each page label by its field's name, else by its for, and skips the panel's and DataTables' own labels", () => {
    const fields = findLabelledFields(document);
    expect(fields.map(({ questionName, names, labelText }) => ({ questionName, names, labelText }))).toEqual([
      { questionName: 'name', names: ['id_name', 'name'], labelText: 'Album name' },
      { questionName: 'release_year', names: ['id_year', 'release_year'], labelText: 'Year' },
      { questionName: 'label', names: ['label'], labelText: 'Record label' },
      { questionName: 'nothing', names: ['nothing'], labelText: 'Loose label' },
    ]);
  });
});

describe('findLabelledFields with Tom Select', () => {
  it('names a label that Tom Select pointed at its own input by the select it enhances', () => {
    document.body.innerHTML = `
      <form>
        <label for="artist_id-ts-control">Artist</label>
        <select id="artist_id" name="artist_id" class="tomselected"></select>
        <div class="ts-wrapper single"><div class="ts-control"><input id="artist_id-ts-control"></div></div>
      </form>`;
    expect(findLabelledFields(document).map(({ questionName, names }) => ({ questionName, names }))).toEqual([
      { questionName: 'artist_id', names: ['artist_id-ts-control', 'artist_id'] },
    ]);
  });
});

describe('FieldHelpIcons', () => {
  const activated: string[] = [];
  const icons = () =>
    new FieldHelpIcons(document, {
      iconClass: undefined,
      accessibleName: (help) => `Help: ${help.help_title}`,
      onActivate: (help) => activated.push(help.question_name),
    });

  it('puts a labelled button after each label whose for or field name has an entry', () => {
    icons().sync([entry(1, 'name', 'Name help'), entry(2, 'id_year', 'Year help'), entry(3, 'label', 'Label help')]);
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('form .widgetlib-help-icon')];
    expect(
      buttons.map((button) => [button.previousElementSibling?.textContent?.trim(), button.getAttribute('aria-label')]),
    ).toEqual([
      ['Album name', 'Help: Name help'],
      ['Year', 'Help: Year help'],
      ['Record label', 'Help: Label help'],
    ]);
    buttons[1]!.click();
    expect(activated).toContain('id_year');
  });

  it('updates names and removes icons whose entry is gone, without duplicating any', () => {
    const fieldIcons = icons();
    fieldIcons.sync([entry(1, 'name', 'Name help'), entry(2, 'release_year', 'Year help')]);
    fieldIcons.sync([entry(1, 'name', '<b>Renamed</b>')]);
    const buttons = document.querySelectorAll('.widgetlib-help-icon');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.getAttribute('aria-label')).toBe('Help: <b>Renamed</b>');
    expect(buttons[0]!.querySelector('b')).toBeNull();
    fieldIcons.destroy();
    expect(document.querySelectorAll('.widgetlib-help-icon')).toHaveLength(0);
  });
});
