/** @jest-environment jsdom */
import { FieldAddButtons } from './field-add-buttons.component.js';
import type { LabelledField } from './field-help-icons.component.js';
import type { HelpEntry } from '../core/index.js';

function entry(id: number, question_name: string): HelpEntry {
  return { id, id_view: 'albums:edit', question_name, help_title: question_name, help_text: '' };
}

beforeEach(() => {
  document.body.innerHTML = `
    <form>
      <label for="id_name">Album name</label><input id="id_name" name="name">
      <label for="id_year">Year</label><input id="id_year" name="release_year">
      <label>Record label <input name="label"></label>
      <label>No field</label>
    </form>
    <div class="widgetlib-palette"><label for="panel-search">Search</label><input id="panel-search" name="q"></div>`;
});

const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('.widgetlib-help-add')];

describe('FieldAddButtons', () => {
  it('puts a named "+" after the labels of fields without help only, and follows the entries', () => {
    const activated: string[] = [];
    const add = new FieldAddButtons(document, {
      accessibleName: (field) => `Add help for ${field.labelText}`,
      onActivate: (field: LabelledField) => activated.push(field.questionName),
    });
    add.sync([entry(1, 'release_year')]);
    expect(buttons().map((button) => button.getAttribute('aria-label'))).toEqual([
      'Add help for Album name',
      'Add help for Record label',
    ]);
    expect(buttons()[0]!.previousElementSibling?.textContent).toBe('Album name');
    expect(buttons()[0]!.type).toBe('button');
    buttons()[1]!.click();
    expect(activated).toEqual(['label']);

    const first = buttons()[0];
    add.sync([entry(1, 'release_year'), entry(2, 'label')]);
    expect(buttons()).toEqual([first]);
    add.sync([entry(2, 'id_name')]);
    expect(buttons().map((button) => button.getAttribute('aria-label'))).toEqual([
      'Add help for Year',
      'Add help for Record label',
    ]);
    add.clear();
    expect(buttons()).toEqual([]);
  });

  it('goes after a question mark already on the label', () => {
    const icon = document.createElement('button');
    icon.className = 'widgetlib-help-icon';
    document.querySelector('label[for=id_name]')!.after(icon);
    new FieldAddButtons(document, { accessibleName: () => 'add', onActivate: () => {} }).sync([]);
    expect(icon.nextElementSibling).toBe(buttons()[0]);
  });
});
