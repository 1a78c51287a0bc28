import type pg from 'pg';
import type { RecordedStatement } from './app/statement.counter.js';
import type { BenchServer } from './bench-server.js';
import { median } from './median.js';

/**
 * Sequential requests (`nextPath()` for each): statements per request, the median answer time, the
 * first request's path and statements.
 */
export async function probe(server: BenchServer, nextPath: () => string, requests: number) {
  await server.settle();
  const before = ((await server.get('/__bench/statements')).body as { statements: number }).statements;
  await server.post('/__bench/recording');
  const paths: string[] = [];
  const times: number[] = [];
  for (let index = 0; index < requests; index += 1) {
    const path = nextPath();
    paths.push(path);
    times.push((await server.get(path)).ms);
  }
  const recorded = (await server.get('/__bench/recording')).body as RecordedStatement[];
  const after = ((await server.get('/__bench/statements')).body as { statements: number }).statements;
  // The probe's own endpoints send no statement.
  const perRequest = (after - before) / requests;
  return {
    statements: perRequest,
    medianMs: median(times),
    firstPath: paths[0],
    firstRequest: recorded.slice(0, Math.round(perRequest)),
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of one request's statements on PostgreSQL, as Markdown. */
export async function explain(client: pg.Client, statements: RecordedStatement[]): Promise<string> {
  const parts: string[] = [];
  for (const statement of statements) {
    if (!/^\s*(SELECT|WITH)\b/i.test(statement.sql)) continue;
    const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
    const lines = result.rows.map((row: Record<string, string>) => row['QUERY PLAN']);
    parts.push(
      '```sql',
      statement.sql,
      `-- parameters: ${JSON.stringify(statement.params)}`,
      '```',
      '```',
      ...lines,
      '```',
    );
  }
  return parts.join('\n');
}
