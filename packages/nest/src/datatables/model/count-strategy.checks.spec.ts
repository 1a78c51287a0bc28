import { resolveWidgetLibConfig } from '../../widgetlib.config.js';
import { COUNT_STRATEGIES, countStrategyProblems, DEFAULT_COUNT_STRATEGY } from './count-strategy.checks.js';

describe('countStrategyProblems', () => {
  it.each(COUNT_STRATEGIES)('accepts count: %s', (count) => {
    expect(countStrategyProblems(count, 60_000)).toEqual([]);
  });

  it.each(['cached_total', 'total', 'CACHED-TOTAL', '', null, undefined])(
    'refuses count: %j, naming the choices',
    (count) => {
      expect(countStrategyProblems(count, 60_000)).toEqual([
        `count must be one of cached-total, exact, cached, estimated, capped, not ${JSON.stringify(count)}`,
      ]);
    },
  );

  it('refuses a countTtl that is no whole number of milliseconds, whatever the strategy', () => {
    expect(countStrategyProblems('cached-total', 0)).toEqual([
      'countTtl must be a whole number of milliseconds >= 1, not 0',
    ]);
    expect(countStrategyProblems('exact', 1.5)).toEqual([
      'countTtl must be a whole number of milliseconds >= 1, not 1.5',
    ]);
  });
});

describe('the default count strategy', () => {
  it("is 'cached-total', kept for a minute, unless the module says otherwise", () => {
    expect(DEFAULT_COUNT_STRATEGY).toBe('cached-total');
    expect(resolveWidgetLibConfig({}).dataTables).toMatchObject({ count: 'cached-total', countTtl: 60_000 });
    expect(resolveWidgetLibConfig({ dataTables: { count: 'exact' } }).dataTables.count).toBe('exact');
  });

  it('refuses an unknown module-wide count at startup', () => {
    expect(() => resolveWidgetLibConfig({ dataTables: { count: 'cached_total' as never } })).toThrow(
      'WidgetLibModule option dataTables.count must be one of cached-total, exact, cached, estimated, capped, not "cached_total"',
    );
  });
});
