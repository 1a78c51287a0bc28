import { DataTableCounts, MAX_COUNTS_IN_MEMORY } from './datatable-counts.service.js';

describe('DataTableCounts in memory', () => {
  const statement = (index: number) => ({ sql: `SELECT COUNT(*) /* ${index} */`, parameters: {}, source: 'test' });

  it('keeps a count, and at most MAX_COUNTS_IN_MEMORY of them, forgetting the least recently used', async () => {
    const counts = new DataTableCounts();
    let computed = 0;
    const remember = (index: number) =>
      counts.remember(statement(index), ['fx_table'], 60_000, async () => {
        computed += 1;
        return { value: index, kind: 'exact' };
      });
    expect(await remember(0)).toEqual({ value: 0, kind: 'exact' });
    expect(await remember(0)).toEqual({ value: 0, kind: 'exact' });
    expect(computed).toBe(1);
    for (let index = 1; index <= MAX_COUNTS_IN_MEMORY + 1; index += 1) await remember(index);
    computed = 0;
    await remember(MAX_COUNTS_IN_MEMORY + 1);
    expect(computed).toBe(0);
    await remember(0);
    expect(computed).toBe(1);
  });
});
