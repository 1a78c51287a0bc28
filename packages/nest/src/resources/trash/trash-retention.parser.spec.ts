import { parseTrashRetention, retentionPeriod } from './trash-retention.parser.js';

describe('parseTrashRetention', () => {
  it('reads milliseconds and texts with a unit, singular or plural', () => {
    expect(parseTrashRetention(5000)).toBe(5000);
    expect(parseTrashRetention('30 days')).toBe(30 * 86_400_000);
    expect(parseTrashRetention('1 day')).toBe(86_400_000);
    expect(parseTrashRetention('12 Hours')).toBe(12 * 3_600_000);
    expect(parseTrashRetention('90 minutes')).toBe(90 * 60_000);
    expect(parseTrashRetention('2 weeks')).toBe(2 * 604_800_000);
    expect(parseTrashRetention('1.5 seconds')).toBe(1500);
  });

  it('answers the problem with anything else', () => {
    for (const value of [0, -1, 1.5, Number.NaN, '', 'soon', '30', '30 fortnights', '-2 days', '0 days', null, {}]) {
      expect(parseTrashRetention(value)).toMatch(/^trash\.retention must be/);
    }
  });

  it('purges hourly, or every retention when shorter', () => {
    expect(retentionPeriod(30 * 86_400_000)).toBe(3_600_000);
    expect(retentionPeriod(5000)).toBe(5000);
  });
});
