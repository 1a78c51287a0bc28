import type { BenchServer } from './bench-server.js';
import { ms, table } from './figures.js';
import { ENDPOINTS } from './implementations.js';
import { log } from './log.js';
import { median } from './median.js';
import type { DatabaseName } from './report.types.js';
import { probe } from './statement.probe.js';

/** The id of the keyset row in `--scenarios=` (e.g. `--scenarios=K` runs it alone). */
export const KEYSET_ROW = 'K';
/** The pages timed, of 10 rows: the first, then deeper ones, each by offset and by cursor. */
export const KEYSET_PAGES = [1, 100, 1_000, 10_000];
/** A unique key (the default ordering, the primary key) and a date-time with ties (`created_at`, indexed). */
export const KEYSET_ORDERINGS = ['id', '-createdAt'];
/** Sequential requests per page and mode, the two modes in turn; the median is reported. */
const REPEATS = 21;
const PAGE = 10;
/** The walk to the deepest page reads pages of this many rows (a cursor does not depend on the page size). */
const WALK_PAGE = 100;

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
 * offset and by cursor, sequentially, every page both ways in each round.
 */
export async function runKeyset(server: BenchServer, database: DatabaseName): Promise<KeysetRun[]> {
  const runs: KeysetRun[] = [];
  for (const ordering of KEYSET_ORDERINGS) {
    const base = `${ENDPOINTS['widgetlib-cached']}?ordering=${ordering}`;
    const cursors = new Map<number, string>();
    let cursor = '';
    let position = 0;
    for (const page of KEYSET_PAGES) {
      const target = (page - 1) * PAGE;
      while (position < target) {
        const size = target - position >= WALK_PAGE ? WALK_PAGE : PAGE;
        const answer = await server.get(`${base}&limit=${size}&cursor=${cursor}`);
        const next = (answer.body as { next?: string | null }).next;
        if (answer.status !== 200 || typeof next !== 'string') {
          throw new Error(`keyset walk ${base} at row ${position}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }
        cursor = next;
        position += size;
      }
      cursors.set(page, cursor);
    }
    const paths = KEYSET_PAGES.map((page) => ({
      page,
      offset: `${base}&limit=${PAGE}&offset=${(page - 1) * PAGE}`,
      cursor: `${base}&limit=${PAGE}&cursor=${cursors.get(page)!}`,
    }));
    const statements = new Map<string, number>();
    for (const { page, offset, cursor: cursorPath } of paths) {
      const [byOffset, byCursor] = [await server.get(offset), await server.get(cursorPath)];
      if (JSON.stringify(idsOf(byOffset.body)) !== JSON.stringify(idsOf(byCursor.body))) {
        throw new Error(`keyset page ${page} of ${ordering}: the cursor's rows differ from the offset's`);
      }
      for (const path of [offset, cursorPath]) statements.set(path, (await probe(server, () => path, 1)).statements);
    }
    // Every page in both modes in each round, so that a change of the machine's load weighs on all alike.
    const times = new Map<string, number[]>(
      paths.flatMap((each) => [
        [each.offset, []],
        [each.cursor, []],
      ]),
    );
    for (let round = 0; round < REPEATS; round += 1) {
      for (const path of times.keys()) times.get(path)!.push((await server.get(path)).ms);
    }
    for (const { page, offset, cursor: cursorPath } of paths) {
      const [offsetMs, cursorMs] = [median(times.get(offset)!), median(times.get(cursorPath)!)];
      log(`${database} keyset ${ordering} page ${page}: offset ${ms(offsetMs)} ms, cursor ${ms(cursorMs)} ms`);
      runs.push({
        database,
        ordering,
        page,
        offsetMs,
        cursorMs,
        offsetStatements: statements.get(offset)!,
        cursorStatements: statements.get(cursorPath)!,
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
    `Each page is read ${REPEATS} times by \`offset\` and as many by \`cursor\`, sequentially, in rounds that read every page both ways ` +
      `(the cursor found by walking from the first page in pages of ${WALK_PAGE} rows); the median answer time is shown. The counts ` +
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
