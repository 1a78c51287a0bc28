import {
  dateFilterFormat,
  dateRangeEnds,
  dateRangeValue,
  displayDate,
  formatHasTime,
  parseDateFilterInput,
} from './date-filter.parser.js';

describe('date filter parsing', () => {
  it('tells date formats from date-time formats, ignoring quoted literals', () => {
    expect(formatHasTime('yyyy-MM-dd')).toBe(false);
    expect(formatHasTime('dd/MM/yyyy')).toBe(false);
    expect(formatHasTime("d 'de' MMMM yyyy")).toBe(false);
    expect(formatHasTime('yyyy-MM-dd HH:mm')).toBe(true);
    expect(formatHasTime('dd/MM/yyyy h:mm a')).toBe(true);
  });

  it("uses the column's date format, and the page's date format for a date-time column", () => {
    expect(dateFilterFormat('dd/MM/yyyy', 'yyyy-MM-dd')).toBe('dd/MM/yyyy');
    expect(dateFilterFormat('dd/MM/yyyy HH:mm', 'dd/MM/yyyy')).toBe('dd/MM/yyyy');
    expect(dateFilterFormat(undefined, 'yyyy-MM-dd')).toBe('yyyy-MM-dd');
  });

  it('reads a date in the format or in ISO and gives the ISO date', () => {
    expect(parseDateFilterInput('31/12/2024', 'dd/MM/yyyy')).toBe('2024-12-31');
    expect(parseDateFilterInput(' 2024-02-29 ', 'dd/MM/yyyy')).toBe('2024-02-29');
    expect(parseDateFilterInput('', 'dd/MM/yyyy')).toBe('');
  });

  it('refuses text that is not a date', () => {
    expect(parseDateFilterInput('31/02/2024', 'dd/MM/yyyy')).toBeNull();
    expect(parseDateFilterInput('soon', 'dd/MM/yyyy')).toBeNull();
  });

  it('builds the range value with open ends, nothing for two empty inputs, null while one is invalid', () => {
    expect(dateRangeValue('01/01/2024', '31/12/2024', 'dd/MM/yyyy')).toBe('2024-01-01,2024-12-31');
    expect(dateRangeValue('01/01/2024', '', 'dd/MM/yyyy')).toBe('2024-01-01,');
    expect(dateRangeValue('', '31/12/2024', 'dd/MM/yyyy')).toBe(',2024-12-31');
    expect(dateRangeValue('', ' ', 'dd/MM/yyyy')).toBe('');
    expect(dateRangeValue('01/01/2024', '31/13/2024', 'dd/MM/yyyy')).toBeNull();
  });

  it('splits a range into its ends, half-open ones too, and shows them in the format', () => {
    expect(dateRangeEnds('1990-01-01,2000-12-31')).toEqual(['1990-01-01', '2000-12-31']);
    expect(dateRangeEnds('1990-01-01,')).toEqual(['1990-01-01', '']);
    expect(dateRangeEnds(',2000-12-31')).toEqual(['', '2000-12-31']);
    expect(dateRangeEnds('')).toEqual(['', '']);
    expect(displayDate('1990-01-31', 'dd/MM/yyyy')).toBe('31/01/1990');
    expect(displayDate('', 'dd/MM/yyyy')).toBe('');
    expect(displayDate('soon', 'dd/MM/yyyy')).toBe('soon');
    const [from, to] = dateRangeEnds('1990-01-31,');
    expect(dateRangeValue(displayDate(from, 'dd/MM/yyyy'), displayDate(to, 'dd/MM/yyyy'), 'dd/MM/yyyy')).toBe(
      '1990-01-31,',
    );
  });
});
