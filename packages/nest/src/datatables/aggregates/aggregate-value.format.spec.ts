import type { AggregateColumn } from './aggregate-declaration.parser.js';
import { aggregateValues, scaledAverage, scaledText } from './aggregate-value.format.js';

const column = (number: AggregateColumn['number'], scale: number): AggregateColumn =>
  ({
    path: 'price',
    functions: ['sum', 'avg', 'min', 'max', 'count'],
    number,
    scale,
    alias: 'wl_a0',
  }) as unknown as AggregateColumn;

describe('aggregate values', () => {
  it('writes whole numbers of units with the scale', () => {
    expect(scaledText(12345n, 2)).toBe('123.45');
    expect(scaledText(-5n, 2)).toBe('-0.05');
    expect(scaledText(0n, 3)).toBe('0.000');
    expect(scaledText(7n, 0)).toBe('7');
  });

  it('averages exactly, 4 more places, half away from zero', () => {
    expect(scaledAverage(10n, 3n, 2)).toBe('0.033333');
    expect(scaledAverage(20n, 3n, 2)).toBe('0.066667');
    expect(scaledAverage(-20n, 3n, 2)).toBe('-0.066667');
    expect(scaledAverage(1n, 8n, 0)).toBe('0.1250');
    expect(scaledAverage(1n, 80000n, 0)).toBe('0.0000');
    expect(scaledAverage(1n, 20000n, 0)).toBe('0.0001');
  });

  it('reads a decimal row: strings with the scale, a sum of nothing 0, no min without values', () => {
    expect(
      aggregateValues(column('decimal', 2), { wl_a0_n: '3', wl_a0_s: '1001', wl_a0_lo: '-1', wl_a0_hi: '900.000' }),
    ).toEqual({
      sum: '10.01',
      avg: '3.336667',
      min: '-0.01',
      max: '9.00',
      count: 3,
    });
    expect(
      aggregateValues(column('decimal', 2), { wl_a0_n: 0, wl_a0_s: null, wl_a0_lo: null, wl_a0_hi: null }),
    ).toEqual({
      sum: '0.00',
      avg: null,
      min: null,
      max: null,
      count: 0,
    });
  });

  it('reads integers as numbers (past 2^53 as text) and floats as numbers', () => {
    expect(
      aggregateValues(column('integer', 0), { wl_a0_n: 2, wl_a0_s: '9007199254740993', wl_a0_lo: 1, wl_a0_hi: '4' }),
    ).toEqual({
      sum: '9007199254740993',
      avg: '4503599627370496.5000',
      min: 1,
      max: 4,
      count: 2,
    });
    expect(aggregateValues(column('float', 0), { wl_a0_n: 2, wl_a0_s: 1.5, wl_a0_lo: 0.5, wl_a0_hi: 1 })).toEqual({
      sum: 1.5,
      avg: 0.75,
      min: 0.5,
      max: 1,
      count: 2,
    });
  });
});
