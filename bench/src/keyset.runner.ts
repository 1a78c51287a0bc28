import type { BenchServer } from './bench-server.js';
import { ms, table } from './figures.js';
import { ENDPOINTS } from './implementations.js';
import { log } from './log.js';
import type { DatabaseName } from './report.types.js';
import { probe } from './statement.probe.js';

/** The id of the keyset row in `--scenarios=` (e.g. `--scenarios=K` runs it alone). */
export const KEYSET_ROW = 'K';
/** The pages timed, of 10 rows: the first, then deeper ones, each by offset and by cursor. */
export const KEYSET_PAGES = [1, 10, 100, 1000];
/** A unique key (the default ordering, the primary key) and a date-time with ties (`created_at`, indexed). */
export const KEYSET_ORDERINGS = ['id', '-createdAt'];
/** Sequential requests per page and mode; the median is reported. */
const REPEATS = 15;
const PAGE = 10;

export interface KeysetRun {
  database: DatabaseName;
  ordering: string;
  page: number;
  offsetMs: number;
  cursorMs: number;
  offsetStatements: number;
  cursorStatements: number;
}

function idsOf(body: unknown): number[] {
  return (body as { data: { id: number }[] }).data.map((row) => row.id);
}

/**
 * The keyset row: for each ordering, walks `widgetlib-cached` (counts kept, so that the page's own
 * statement is what is timed) by cursor to the deepest page, keeping the cursor of each timed page;
 * checks that each timed page holds the same ids by cursor as by offset; then times each page by
 * offset and by cursor, sequentially on an idle server.
 */
export async function runKeyset(server: BenchServer, database: DatabaseName): Promise<KeysetRun[]> {
  const runs: KeysetRun[] = [];
  const deepest = Math.max(...KEYSET_PAGES);
  for (const ordering of KEYSET_ORDERINGS) {
    const base = `${ENDPOINTS['widgetlib-cached']}?limit=${PAGE}&ordering=${ordering}`;
    const cursors = new Map<number, string>();
    let cursor = '';
    for (let page = 1; page <= deepest; page += 1) {
      if (KEYSET_PAGES.includes(page)) cursors.set(page, cursor);
      const answer = await server.get(`${base}&cursor=${cursor}`);
      const next = (answer.body as { next?: string | null }).next;
      if (answer.status !== 200 || typeof next !== 'string') {
        throw new Error(`keyset walk ${base}, page ${page}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      cursor = next;
    }
    for (const page of KEYSET_PAGES) {
      const offsetPath = `${base}&offset=${(page - 1) * PAGE}`;
      const cursorPath = `${base}&cursor=${cursors.get(page)!}`;
      const [byOffset, byCursor] = [await server.get(offsetPath), await server.get(cursorPath)];
      if (JSON.stringify(idsOf(byOffset.body)) !== JSON.stringify(idsOf(byCursor.body))) {
        throw new Error(`keyset page ${page} of ${ordering}: the cursor's rows differ from the offset's`);
      }
      const offset = await probe(server, () => offsetPath, REPEATS);
      const keyset = await probe(server, () => cursorPath, REPEATS);
      log(
        `${database} keyset ${ordering} page ${page}: offset ${ms(offset.medianMs)} ms, cursor ${ms(keyset.medianMs)} ms`,
      );
      runs.push({
        database,
        ordering,
        page,
        offsetMs: offset.medianMs,
        cursorMs: keyset.medianMs,
        offsetStatements: offset.statements,
        cursorStatements: keyset.statements,
      });
    }
  }
  return runs;
}

/** The keyset section of RESULTS.md. */
export function keysetSection(runs: readonly KeysetRun[]): string[] {
  if (runs.length === 0) return [];
  return [
    `## Keyset against offset (${KEYSET_ROW}: widgetlib-cached, pages of ${PAGE} rows)`,
    `Each page is read ${REPEATS} times in a row on an idle server, by \`offset\` and by \`cursor\` (the \`next\` ` +
      'of the page before, found by walking from the first page); the median answer time is shown. The counts ' +
      'are cached, so what grows with the depth is the page statement: by offset the database reads and drops ' +
      'every row before the page, by cursor it starts at the page. Each page holds the same ids either way ' +
      '(checked before timing).',
    '',
    table(
      ['Database', 'Ordering', 'Page', 'Offset ms', 'Cursor ms', 'Statements (offset / cursor)'],
      runs.map((run) => [
        run.database,
        run.ordering,
        run.page.toLocaleString('en'),
        ms(run.offsetMs),
        ms(run.cursorMs),
        `${run.offsetStatements} / ${run.cursorStatements}`,
      ]),
    ),
    '',
  ];
}
