import { countedInfo } from './count-info.writer.js';
import { parseEnvelope } from './transport/index.js';
import { dataTableTexts } from '../texts/index.js';

const format = (value: number) => value.toLocaleString('en-US');
const numbers = { start: 1, end: 10, max: 10_000, total: 10_000 };

describe('countedInfo', () => {
  it("keeps DataTables' own line when every count is exact or the server said nothing", () => {
    expect(countedInfo('standard', null, numbers, dataTableTexts(), format)).toBe('standard');
    expect(
      countedInfo('standard', { recordsTotal: 'exact', recordsFiltered: 'exact' }, numbers, dataTableTexts(), format),
    ).toBe('standard');
  });

  it('says "more than" for a capped count and "about" for an estimated one', () => {
    expect(
      countedInfo('x', { recordsTotal: 'capped', recordsFiltered: 'capped' }, numbers, dataTableTexts(), format),
    ).toBe('Showing 1 to 10 of more than 10,000 entries');
    expect(
      countedInfo(
        'x',
        { recordsTotal: 'estimated', recordsFiltered: 'exact' },
        { start: 11, end: 20, max: 1_000_000, total: 42 },
        dataTableTexts(),
        format,
      ),
    ).toBe('Showing 11 to 20 of 42 entries (filtered from about 1,000,000 entries)');
  });

  it("writes the host's words, escaped", () => {
    const texts = dataTableTexts({ countedInfo: '<b>{start}-{end}</b> / {total}', moreThanCount: '> {count}' });
    expect(countedInfo('x', { recordsTotal: 'capped', recordsFiltered: 'capped' }, numbers, texts, format)).toBe(
      '&lt;b&gt;1-10&lt;/b&gt; / &gt; 10,000',
    );
  });
});

describe('parseEnvelope counts', () => {
  const envelope = { data: [], recordsTotal: 5, recordsFiltered: 5, draw: 2 };

  it('keeps the kinds the server names', () => {
    expect(parseEnvelope({ ...envelope, counts: { recordsTotal: 'capped', recordsFiltered: 'exact' } })).toEqual({
      ...envelope,
      counts: { recordsTotal: 'capped', recordsFiltered: 'exact' },
    });
  });

  it('reads counts it does not understand as exact', () => {
    for (const counts of [
      null,
      'capped',
      { recordsTotal: 'capped' },
      { recordsTotal: 'x', recordsFiltered: 'exact' },
    ]) {
      expect(parseEnvelope({ ...envelope, counts })).toEqual(envelope);
    }
  });
});
