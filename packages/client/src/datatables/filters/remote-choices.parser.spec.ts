import { parseRemoteChoices } from './remote-choices.parser.js';

describe('parseRemoteChoices', () => {
  it("reads select2's results, a table envelope's data and a plain list", () => {
    expect(parseRemoteChoices({ results: [{ id: 1, text: 'Miles' }], pagination: { more: false } })).toEqual([
      { value: '1', text: 'Miles' },
    ]);
    expect(
      parseRemoteChoices({ data: [{ id: 2, name: 'Nina' }], recordsTotal: 1, recordsFiltered: 1, draw: 1 }),
    ).toEqual([{ value: '2', text: 'Nina' }]);
    expect(parseRemoteChoices(['LP', 7])).toEqual([
      { value: 'LP', text: 'LP' },
      { value: '7', text: '7' },
    ]);
  });

  it('takes the text from text, name, display_name or label, else the value', () => {
    expect(
      parseRemoteChoices([{ value: 'a', display_name: 'Alpha' }, { id: 'b', label: 'Beta' }, { id: 'c' }]),
    ).toEqual([
      { value: 'a', text: 'Alpha' },
      { value: 'b', text: 'Beta' },
      { value: 'c', text: 'c' },
    ]);
  });

  it('leaves out items without a value and answers that hold no list', () => {
    expect(parseRemoteChoices([{ text: 'no id' }, null, { id: '' }, { id: {} }])).toEqual([]);
    expect(parseRemoteChoices({ message: 'nope' })).toEqual([]);
    expect(parseRemoteChoices(null)).toEqual([]);
  });
});
