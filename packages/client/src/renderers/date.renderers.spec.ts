/** @jest-environment jsdom */
import { formatIsoDate, renderDate, renderDatetime } from './date.renderers.js';
import type { RenderMeta } from './render.types.js';

function metaWithFormat(dateformat?: string): RenderMeta {
  return { row: 0, col: 0, settings: { columns: [{ dateformat }] } };
}

afterEach(() => {
  delete document.date_format;
  delete document.datetime_format;
});

describe('formatIsoDate', () => {
  it('formats an ISO date and keeps the offset of a date-time', () => {
    expect(formatIsoDate('2024-03-09', 'dd/MM/yyyy')).toBe('09/03/2024');
    expect(formatIsoDate('2024-03-09T23:30:00+02:00', 'yyyy-MM-dd HH:mm')).toBe('2024-03-09 23:30');
    expect(formatIsoDate('2024-03-09T21:30:00Z', 'HH:mm')).toBe('21:30');
  });

  it('gives null for what is not an ISO date', () => {
    expect(formatIsoDate('09/03/2024', 'yyyy')).toBeNull();
    expect(formatIsoDate(20240309, 'yyyy')).toBeNull();
  });
});

describe('renderDate / renderDatetime', () => {
  it("formats with the column's dateformat", () => {
    expect(renderDate()('2024-03-09', 'display', {}, metaWithFormat('d MMM yyyy'))).toBe('9 Mar 2024');
    expect(renderDatetime()('2024-03-09T08:05:00-05:00', 'display', {}, metaWithFormat('dd.MM.yyyy HH:mm'))).toBe(
      '09.03.2024 08:05',
    );
  });

  it('falls back to document.date_format / document.datetime_format, then the library defaults', () => {
    expect(renderDate()('2024-03-09', 'display', {}, metaWithFormat())).toBe('2024-03-09');
    expect(renderDatetime()('2024-03-09T08:05:00Z', 'display', {}, metaWithFormat())).toBe('2024-03-09 08:05');
    document.date_format = 'dd/MM/yyyy';
    document.datetime_format = 'dd/MM/yyyy HH:mm';
    expect(renderDate()('2024-03-09', 'display', {}, metaWithFormat())).toBe('09/03/2024');
    expect(renderDatetime()('2024-03-09T08:05:00Z', 'display', {}, metaWithFormat())).toBe('09/03/2024 08:05');
  });

  it('prefers an explicit format over the column and the page', () => {
    document.date_format = 'dd/MM/yyyy';
    expect(renderDate('yyyy')('2024-03-09', 'display', {}, metaWithFormat('MM'))).toBe('2024');
  });

  it('shows -- for a missing value, escapes a value that is not a date, and gives sorting the ISO value', () => {
    expect(renderDate()(null, 'display', {}, metaWithFormat())).toBe('--');
    expect(renderDate()('', 'display', {}, metaWithFormat())).toBe('--');
    expect(renderDate()('<img src=x onerror=alert(1)>', 'display', {}, metaWithFormat())).toBe(
      '&lt;img src=x onerror=alert(1)&gt;',
    );
    expect(renderDate()('2024-03-09', 'sort', {}, metaWithFormat('dd/MM/yyyy'))).toBe('2024-03-09');
  });

  it('escapes what a format with literal text produces', () => {
    expect(renderDate("'<b>'yyyy")('2024-03-09', 'display', {}, metaWithFormat())).toBe('&lt;b&gt;2024');
  });
});
