import {
  cellEditorKind,
  editedValue,
  editorText,
  ifMatchHeader,
  recordUrl,
  shownValue,
} from './inline-value.parser.js';

describe('inline editing values', () => {
  it("picks each column's editor from its type", () => {
    expect(cellEditorKind({ type: 'number' })).toBe('number');
    expect(cellEditorKind({ type: 'boolean' })).toBe('boolean');
    expect(cellEditorKind({ type: 'date' })).toBe('date');
    expect(cellEditorKind({ type: 'select', choices: [['cd', 'CD']] })).toBe('select');
    expect(cellEditorKind({ type: 'select' })).toBe('text');
    expect(cellEditorKind({})).toBe('text');
    expect(cellEditorKind({ type: 'select2', url: '/shelves/' })).toBe('remote');
    expect(cellEditorKind({ type: 'select2', choices: [[1, 'One']] })).toBe('select');
  });

  it('sends numbers as numbers, the text when it is none, and choices typed as listed', () => {
    expect(editedValue('number', ' 12 ')).toBe(12);
    expect(editedValue('number', '')).toBeNull();
    expect(editedValue('number', '1e999')).toBe('1e999');
    expect(
      editedValue('select', '2', [
        [1, 'One'],
        [2, 'Two'],
      ]),
    ).toBe(2);
    expect(editedValue('select', 'other', [[1, 'One']])).toBe('other');
    expect(editedValue('boolean', true)).toBe(true);
    expect(editedValue('text', ' as typed ')).toBe(' as typed ');
    expect(editedValue('remote', '42')).toBe(42);
    expect(editedValue('remote', 'ab')).toBe('ab');
    expect(editedValue('remote', '')).toBeNull();
  });

  it("shows a choice's label, booleans and empty values in words", () => {
    const words = { empty: '(empty)', yes: 'Yes', no: 'No' };
    expect(shownValue('cd', [['cd', 'CD']], words)).toBe('CD');
    expect(shownValue(null, undefined, words)).toBe('(empty)');
    expect(shownValue(false, undefined, words)).toBe('No');
    expect(shownValue(12, undefined, words)).toBe('12');
    expect(shownValue({ id: 3, name: 'Top shelf' }, undefined, words)).toBe('Top shelf');
  });

  it("starts an editor with a value's text, a related record's id", () => {
    expect(editorText(null)).toBe('');
    expect(editorText(7)).toBe('7');
    expect(editorText({ id: 3, name: 'Top shelf' })).toBe('3');
  });

  it("addresses the row's record route and names its version", () => {
    expect(recordUrl('/api/albums/?x=1', 7, 'http://host/page')).toBe('http://host/api/albums/7/');
    expect(recordUrl('/api/albums', 'a b', 'http://host/page')).toBe('http://host/api/albums/a%20b/');
    expect(ifMatchHeader({ version: 3 }, 'version')).toEqual({ 'If-Match': '"3"' });
    expect(ifMatchHeader({ version: '3' }, 'version')).toEqual({});
    expect(ifMatchHeader({}, 'version')).toEqual({});
  });
});
