import { fitsFloatColumn } from './float-range.checks.js';

describe('fitsFloatColumn', () => {
  it('takes what a real column reads, refusing what overflows it or rounds to zero', () => {
    for (const value of [0, -0, 1.5, 3e38, -3.4e38, 1e-44, '0.00', '2.5']) {
      expect(fitsFloatColumn(value, 'single')).toBe(true);
    }
    for (const value of [1e39, -1e39, 1e-50, 4e38, '1e39', `0.${'0'.repeat(50)}1`]) {
      expect(fitsFloatColumn(value, 'single')).toBe(false);
    }
  });

  it('takes every finite number for a double precision column, refusing text beyond its range', () => {
    expect(fitsFloatColumn(1e308, 'double')).toBe(true);
    expect(fitsFloatColumn(1e39, 'double')).toBe(true);
    expect(fitsFloatColumn(`1${'0'.repeat(300)}`, 'double')).toBe(true);
    expect(fitsFloatColumn(`1${'0'.repeat(400)}`, 'double')).toBe(false);
    expect(fitsFloatColumn(`0.${'0'.repeat(400)}1`, 'double')).toBe(false);
    expect(fitsFloatColumn(Number.POSITIVE_INFINITY, 'double')).toBe(false);
  });

  it('takes any decimal text, and finite numbers, for a decimal column', () => {
    expect(fitsFloatColumn(`1${'0'.repeat(400)}.5`, undefined)).toBe(true);
    expect(fitsFloatColumn(1e300, undefined)).toBe(true);
    expect(fitsFloatColumn(Number.NaN, undefined)).toBe(false);
  });
});
