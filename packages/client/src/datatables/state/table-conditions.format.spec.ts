import { dataTableTexts } from '../../texts/index.js';
import {
  conditionText,
  listsFollowingSearch,
  showConditions,
  yieldingSearches,
  type StateColumn,
} from './table-conditions.format.js';
import type { ColumnConditions, TableConditions } from './table-conditions.parser.js';

const COLUMNS: StateColumn[] = [
  { title: 'Title', widget: 'other', labels: new Map() },
  {
    title: 'Format',
    widget: 'choice',
    labels: new Map([
      ['cd', 'CD'],
      ['vinyl', 'Vinyl'],
      ['cassette', 'Cassette'],
    ]),
  },
  { title: 'Code', widget: null, labels: new Map() },
];

const none: ColumnConditions = { search: '', panes: [], list: [], hasList: false, control: null };

function conditionsOf(format: Partial<ColumnConditions>, others: Partial<TableConditions> = {}): TableConditions {
  return { search: '', columns: [none, { ...none, ...format }, none], builder: null, ...others };
}

const texts = dataTableTexts();

describe('showConditions', () => {
  it("shows a column search, or one pane or list value, in the column's select", () => {
    expect(showConditions(conditionsOf({ search: 'cd' }), COLUMNS)).toEqual({
      row: new Map([
        [0, ''],
        [1, 'cd'],
      ]),
      sources: new Map([[1, 'search']]),
      extras: [],
    });
    const pane = showConditions(conditionsOf({ panes: ['vinyl'] }), COLUMNS);
    expect([pane.row.get(1), pane.sources.get(1), pane.extras]).toEqual(['vinyl', 'searchPanes', []]);
    const list = showConditions(conditionsOf({ list: ['cassette'] }), COLUMNS);
    expect([list.row.get(1), list.sources.get(1), list.extras]).toEqual(['cassette', 'columnControl', []]);
    // The same value in every tool is one condition, shown once.
    const everywhere = showConditions(conditionsOf({ search: 'cd', panes: ['cd'], list: ['cd'] }), COLUMNS);
    expect([everywhere.row.get(1), everywhere.extras]).toEqual(['cd', []]);
  });

  it('lists what the filter row cannot show: several values, other values, typed searches, SearchBuilder', () => {
    const builder = { logic: 'AND', criteria: [{ condition: '>', data: 'Year', value: ['1965'] }] };
    const shown = showConditions(
      {
        search: '',
        columns: [
          { ...none, list: ['x'], control: { logic: 'starts', value: 'Kind' } },
          { ...none, search: 'cd', panes: ['cd', 'vinyl'] },
          { ...none, search: 'ABC' },
        ],
        builder,
      },
      COLUMNS,
    );
    expect(shown.row.get(1)).toBe('cd');
    expect(shown.extras).toEqual([
      { kind: 'columnControl', column: 0, values: ['x'] },
      { kind: 'controlSearch', column: 0, search: { logic: 'starts', value: 'Kind' } },
      { kind: 'searchPanes', column: 1, values: ['cd', 'vinyl'] },
      { kind: 'columnSearch', column: 2, value: 'ABC' },
      { kind: 'searchBuilder', builder },
    ]);
    // A pane and a list disagreeing: the pane's value is shown, the list's is listed.
    const disagree = showConditions(conditionsOf({ panes: ['cd'], list: ['vinyl'] }), COLUMNS);
    expect([disagree.row.get(1), disagree.extras]).toEqual([
      '',
      [
        { kind: 'searchPanes', column: 1, values: ['cd'] },
        { kind: 'columnControl', column: 1, values: ['vinyl'] },
      ],
    ]);
  });
});

describe('conditionText', () => {
  it('names the column and the values by their labels', () => {
    expect(conditionText({ kind: 'searchPanes', column: 1, values: ['cd', 'vinyl'] }, COLUMNS, texts)).toBe(
      'Format is CD or Vinyl',
    );
    expect(conditionText({ kind: 'searchPanes', column: 1, values: [''] }, COLUMNS, texts)).toBe('Format is --');
    expect(
      conditionText({ kind: 'controlSearch', column: 0, search: { logic: 'starts', value: 'Kind' } }, COLUMNS, texts),
    ).toBe('Title starts with Kind');
    expect(
      conditionText({ kind: 'controlSearch', column: 0, search: { logic: 'empty', value: '' } }, COLUMNS, texts),
    ).toBe('Title is empty');
    expect(conditionText({ kind: 'columnSearch', column: 2, value: 'ABC' }, COLUMNS, texts)).toBe('Code: ABC');
  });

  it("describes SearchBuilder's tree with its groups", () => {
    const builder = {
      logic: 'AND',
      criteria: [
        { condition: 'between', data: 'Year', value: ['1959', '1960'] },
        {
          logic: 'OR',
          criteria: [
            { condition: '=', data: 'Format', value: ['cd'] },
            { condition: '!contains', data: 'Title', value: ['Blue'] },
          ],
        },
      ],
    };
    expect(conditionText({ kind: 'searchBuilder', builder }, COLUMNS, texts)).toBe(
      'Year is between 1959 and 1960 and (Format is CD or Title does not contain Blue)',
    );
  });
});

describe('yieldingSearches', () => {
  it('gives the latest choice in a pane or a list precedence over the column search', () => {
    const before = conditionsOf({ search: 'cd', list: ['cd'], hasList: true });
    expect(yieldingSearches(null, before)).toEqual([]);
    expect(yieldingSearches(before, before)).toEqual([]);
    expect(yieldingSearches(before, conditionsOf({ search: 'cd', list: ['cd', 'vinyl'], hasList: true }))).toEqual([1]);
    expect(yieldingSearches(before, conditionsOf({ search: 'cd', list: [], hasList: true }))).toEqual([1]);
    expect(yieldingSearches(conditionsOf({ search: 'cd' }), conditionsOf({ search: 'cd', panes: ['vinyl'] }))).toEqual([
      1,
    ]);
    // The filter row chose `cd` and the list was set to it: nothing to give way.
    expect(
      yieldingSearches(
        conditionsOf({ search: 'vinyl', list: ['vinyl'] }),
        conditionsOf({ search: 'cd', list: ['cd'] }),
      ),
    ).toEqual([]);
  });
});

describe('listsFollowingSearch', () => {
  it("has the column's ColumnControl list follow a column search set elsewhere", () => {
    const loaded = conditionsOf({ search: 'cd', hasList: true });
    expect(listsFollowingSearch(null, loaded, COLUMNS)).toEqual([1]);
    expect(listsFollowingSearch(conditionsOf({ hasList: true }), loaded, COLUMNS)).toEqual([1]);
    expect(listsFollowingSearch(loaded, loaded, COLUMNS)).toEqual([]);
    // A list showing the previous search follows the next one, an empty one too.
    const showing = conditionsOf({ search: 'cd', hasList: true, list: ['cd'] });
    expect(
      listsFollowingSearch(showing, conditionsOf({ search: 'vinyl', hasList: true, list: ['cd'] }), COLUMNS),
    ).toEqual([1]);
    expect(listsFollowingSearch(showing, conditionsOf({ hasList: true, list: ['cd'] }), COLUMNS)).toEqual([1]);
    // The user's own list (two values, or changed since) is left alone; so are columns without a list.
    const two = conditionsOf({ search: 'cd', hasList: true, list: ['cd', 'vinyl'] });
    expect(listsFollowingSearch(two, conditionsOf({ hasList: true, list: ['cd', 'vinyl'] }), COLUMNS)).toEqual([]);
    expect(listsFollowingSearch(null, conditionsOf({ search: 'cd' }), COLUMNS)).toEqual([]);
    const text = { ...loaded, columns: [{ ...loaded.columns[1]! }, loaded.columns[0]!, loaded.columns[2]!] };
    expect(listsFollowingSearch(null, text, COLUMNS)).toEqual([]);
  });
});
