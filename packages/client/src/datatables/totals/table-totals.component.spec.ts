/** @jest-environment jsdom */
import type { Api } from 'datatables.net';
import type { WidgetLibColumn } from '../core/index.js';
import { ENGLISH, type DataTableTexts } from '../../texts/index.js';
import { SPANISH } from '../../languages/index.js';
import { rowGroupTotals } from './table-totals.component.js';

const COLUMNS: WidgetLibColumn[] = [
  { data: 'title' },
  { data: 'format', choices: [['vinyl', 'Vinilo']] },
  { data: 'tracks', footer: 'sum' },
];

/** What RowGroup's end row callback reads of the table: the last answer, and which columns show. */
function table(answer: object, hidden: readonly number[] = []): Api {
  return {
    ajax: { json: () => answer },
    column: (index: number) => ({ visible: () => !hidden.includes(index) }),
  } as unknown as Api;
}

type Render = (rows: unknown, group: unknown) => unknown;

function renders(texts: Readonly<DataTableTexts>, api: Api): { start: Render; end: Render } {
  const options = rowGroupTotals(
    { dataSrc: 'format' },
    COLUMNS,
    () => texts,
    () => api,
  ) as Record<string, Render>;
  return { start: options.startRender!, end: options.endRender! };
}

const ANSWER = { groups: { vinyl: { count: 7, tracks: { sum: 61 } } }, aggregates: { tracks: { sum: 250 } } };

describe('rowGroupTotals', () => {
  it.each([
    ['English', ENGLISH.tables, 'Subtotal', 'Vinilo: 7 rows'],
    ['Spanish', SPANISH.tables, 'Subtotal', 'Vinilo: 7 filas'],
  ])('labels a group end row with the %s subtotal word, not the footer total word', (_name, texts, word, start) => {
    const { start: startRender, end } = renders(texts, table(ANSWER));
    const row = end([], 'vinyl') as HTMLTableRowElement;
    expect([...row.cells].map((cell) => cell.textContent)).toEqual([word, '', '61']);
    expect(word).not.toBe(texts.totals);
    expect(startRender([], 'vinyl')).toBe(start);
  });

  it('takes the word from the page texts, in the first shown cell without a total', () => {
    const texts = { ...ENGLISH.tables, subtotal: 'Zwischensumme', totals: 'Summe' };
    const row = renders(texts, table(ANSWER, [0])).end([], 'vinyl') as HTMLTableRowElement;
    expect([...row.cells].map((cell) => cell.textContent)).toEqual(['Zwischensumme', '61']);
  });

  it('gives no end row to a group the answer has no subtotals of', () => {
    expect(renders(SPANISH.tables, table(ANSWER)).end([], 'cd')).toBeUndefined();
  });
});
