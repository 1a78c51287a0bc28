import { firstKeptUsageDay, parseHelpUsageReport, summariseHelpUsage, usageDay } from './help-usage.checks.js';

describe('parseHelpUsageReport', () => {
  it('reads an entry event and a field event', () => {
    expect(parseHelpUsageReport({ event: 'helpful', help_id: 3 })).toEqual({ kind: 'helpful', help_id: 3 });
    expect(parseHelpUsageReport({ event: 'missing', id_view: ' v ', question_name: 'q' })).toEqual({
      kind: 'missing',
      id_view: 'v',
      question_name: 'q',
    });
  });

  it('refuses a field event with an entry id', () => {
    expect(parseHelpUsageReport({ event: 'asked', id_view: 'v', question_name: 'q', help_id: 1 })).toEqual({
      problems: ['property help_id should not exist'],
    });
  });
});

describe('summariseHelpUsage', () => {
  it('adds up the counts of each entry and field, and orders them', () => {
    const summary = summariseHelpUsage('v', [
      { kind: 'opened', help_id: 1, question_name: 'a', count: 2 },
      { kind: 'opened', help_id: 2, question_name: 'b', count: 5 },
      { kind: 'helpful', help_id: 1, question_name: 'a', count: 3 },
      { kind: 'not_helpful', help_id: 1, question_name: 'a', count: 1 },
      { kind: 'not_helpful', help_id: 2, question_name: 'b', count: 1 },
      { kind: 'missing', help_id: null, question_name: 'c', count: 1 },
      { kind: 'missing', help_id: null, question_name: 'd', count: 1 },
    ]);
    expect(summary.most_opened.map((entry) => entry.help_id)).toEqual([2, 1]);
    expect(summary.least_helpful.map((entry) => [entry.help_id, entry.helpful, entry.not_helpful])).toEqual([
      [2, 0, 1],
      [1, 3, 1],
    ]);
    expect(summary.missing).toEqual([
      { question_name: 'c', clicks: 1 },
      { question_name: 'd', clicks: 1 },
    ]);
    expect(summary.asked).toEqual([]);
  });
});

describe('usage days', () => {
  it('counts an event on its UTC day and keeps the given number of days before today', () => {
    const lateOnNewYearsEve = Date.UTC(2025, 11, 31, 23, 59, 59);
    expect(usageDay(lateOnNewYearsEve)).toBe('2025-12-31');
    expect(usageDay(lateOnNewYearsEve + 1000)).toBe('2026-01-01');
    expect(firstKeptUsageDay(Date.UTC(2026, 2, 1, 12), 180)).toBe('2025-09-02');
    expect(firstKeptUsageDay(Date.UTC(2026, 2, 1, 12), 1)).toBe('2026-02-28');
  });
});
