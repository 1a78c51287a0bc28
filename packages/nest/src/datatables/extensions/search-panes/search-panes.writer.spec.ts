import { GTDateField, GTDateTimeField } from '../../../dates/index.js';
import { searchPanesAnswer } from './search-panes.writer.js';
import type { FieldSpec, PanesRequest } from '../../model/index.js';

const DATES = { date: new GTDateField(), dateTime: new GTDateTimeField({ timezone: 'Europe/Oslo' }) };
const FIELDS = new Map<string, FieldSpec>([
  ['artist__name', { kind: 'string' }],
  ['released', { kind: 'date' }],
  ['recorded_at', { kind: 'datetime' }],
  ['is_live', { kind: 'boolean' }],
  ['sales', { kind: 'integer' }],
]);
const LABELS = {
  choices: new Map([['artist__name', new Map([['ABBA', 'Abba <the band>']])]]),
  settings: {
    dateFormat: 'dd.MM.yyyy',
    datetimeFormat: 'dd.MM.yyyy HH:mm',
    timezone: 'Europe/Oslo',
    yes: 'Yes',
    no: 'No',
  },
};
const REQUEST: PanesRequest = {
  requested: true,
  keys: new Map([
    ['artist__name', 'artist.name'],
    ['released', 'released'],
    ['recorded_at', 'recorded_at'],
    ['is_live', 'is_live'],
    ['sales', 'sales'],
  ]),
  selections: [],
  maxOptions: 100,
};

describe('searchPanesAnswer', () => {
  it('writes values as the rows show them and labels as the cells do, escaped, keyed as the request knows the panes', () => {
    const answer = searchPanesAnswer(
      [
        {
          path: 'artist__name',
          options: [
            { value: null, total: 2, count: 1 },
            { value: '<b onmouseover="x">Tom & Jerry\'s</b>', total: 3, count: 0 },
            { value: 'ABBA', total: 1, count: 1 },
          ],
          truncated: false,
        },
        { path: 'released', options: [{ value: '1992-09-21', total: 1, count: 1 }], truncated: false },
        {
          path: 'recorded_at',
          options: [{ value: new Date('2024-03-05T13:30:00Z'), total: 1, count: 1 }],
          truncated: false,
        },
        { path: 'is_live', options: [{ value: false, total: 4, count: 2 }], truncated: false },
        { path: 'sales', options: [{ value: 0, total: 1, count: 1 }], truncated: true },
      ],
      REQUEST,
      FIELDS,
      DATES,
      LABELS,
    );
    expect(answer).toEqual({
      options: {
        'artist.name': [
          { label: '', value: null, total: 2, count: 1 },
          {
            label: '&lt;b onmouseover=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;',
            value: '<b onmouseover="x">Tom & Jerry\'s</b>',
            total: 3,
            count: 0,
          },
          { label: 'Abba &lt;the band&gt;', value: 'ABBA', total: 1, count: 1 },
        ],
        released: [{ label: '21.09.1992', value: '1992-09-21', total: 1, count: 1 }],
        recorded_at: [{ label: '05.03.2024 14:30', value: '2024-03-05T14:30:00.000+01:00', total: 1, count: 1 }],
        is_live: [{ label: 'No', value: 'false', total: 4, count: 2 }],
        sales: [{ label: '0', value: '0', total: 1, count: 1 }],
      },
      truncated: ['sales'],
    });
  });

  it('leaves truncated out when every pane answered all its values', () => {
    const answer = searchPanesAnswer(
      [{ path: 'sales', options: [], truncated: false }],
      REQUEST,
      FIELDS,
      DATES,
      LABELS,
    );
    expect(answer).toEqual({ options: { sales: [] } });
  });
});
