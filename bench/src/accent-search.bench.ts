/**
 * What the accent-insensitive search costs on 1 000 000 rows of PostgreSQL (`ACCENT_ROWS`), with and
 * without the index the README recommends: `COUNT(*)` and the first page of 10 rows ordered
 * naturally, for a few terms, each the median of `ACCENT_RUNS` (5) runs after one warm-up. The statements'
 * conditions and sort keys are written by widgetlib's own PostgreSQL dialect (the built
 * `@widgetlib/nest`), as the data tables write them. Run: `pnpm --filter @widgetlib/bench accent`
 * after building the packages. It keeps its own database, `widgetlib_accent_bench`.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import pg from 'pg';
import { postgresUrl, UNACCENT_SETUP } from './data/postgres.seed.js';
import { median } from './median.js';

const ROWS = Number(process.env.ACCENT_ROWS ?? '1000000');
const RUNS = Number(process.env.ACCENT_RUNS ?? '5');
const DATABASE = 'widgetlib_accent_bench';
const INDEX = 'person_name_search';
const benchRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIALECT = resolve(benchRoot, '../packages/nest/dist/dialect/postgres.dialect.js');

interface Dialect {
  containsIgnoringCase(expression: string, text: string, anchor: 'anywhere', bind: (value: string) => string): string;
  containsIgnoringAccents(
    expression: string,
    text: string,
    anchor: 'anywhere',
    bind: (value: string) => string,
  ): string;
  natural(expression: string, language: 'root'): string;
  binary(expression: string): string;
}
type Features = { search: 'wrapper' | 'unaccent' | 'translate'; icu: readonly string[] };

const FIRST = [
  'José',
  'Jose',
  'María',
  'Maria',
  'Åsa',
  'Björn',
  'Zoë',
  'Renée',
  'Chloé',
  'Ángel',
  'Íñigo',
  'Léa',
  'Noël',
  'François',
  'Jürgen',
  'Øystein',
  'Łukasz',
  'Ana',
  'John',
  'Peter',
  'Olga',
  'Sören',
  'Inès',
  'Hélène',
];
const LAST = [
  'García',
  'Garcia',
  'Müller',
  'Muller',
  'Ångström',
  'Söderberg',
  'Núñez',
  'Dvořák',
  'Øvergaard',
  'Smith',
  'Brown',
  'Jones',
  'Pérez',
  'Lefèvre',
  'Kovačić',
  'Nowak',
  'Öztürk',
  'Żuk',
  'Fernández',
  'Dubois',
  'Wilson',
  'Taylor',
  'Martín',
  'Łęcki',
  'Schröder',
  'Johansson',
  'Horváth',
  'Novák',
  'Rossi',
  'Silva',
  'Costa',
  'Weiß',
];
/** A term matching about 1 in 16 rows, one about 1 in 32 and one matching none. */
const TERMS = ['jose', 'angstrom', 'zzqx'];

const quoted = (names: string[]) => `ARRAY[${names.map((name) => `'${name}'`).join(', ')}]`;

async function prepare(client: pg.Client): Promise<void> {
  const stamp = JSON.stringify({ rows: ROWS, version: 1 });
  await client.query('CREATE TABLE IF NOT EXISTS bench_meta (stamp text)');
  const { rows } = await client.query<{ stamp: string }>('SELECT stamp FROM bench_meta');
  if (rows[0]?.stamp === stamp) return;
  const started = Date.now();
  await client.query('DROP TABLE IF EXISTS person');
  await client.query('CREATE TABLE person (id serial PRIMARY KEY, name varchar(100) NOT NULL)');
  await client.query(
    `INSERT INTO person (name) SELECT (${quoted(FIRST)})[1 + (i::bigint * 7919) % ${FIRST.length}] || ' ' || ` +
      `(${quoted(LAST)})[1 + (i::bigint * 104729 / 7) % ${LAST.length}] || ' ' || i FROM generate_series(1, ${ROWS}) AS i`,
  );
  await client.query('DELETE FROM bench_meta');
  await client.query('INSERT INTO bench_meta VALUES ($1)', [stamp]);
  await client.query('VACUUM ANALYZE person');
  console.log(`generated ${ROWS} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function timed(
  client: pg.Client,
  sql: string,
  values: unknown[],
): Promise<{ ms: number; rows: pg.QueryResultRow[] }> {
  const started = process.hrtime.bigint();
  const result = await client.query(sql, values);
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, rows: result.rows };
}

/** The median milliseconds of `sql` after a warm-up, and the rows it answered. */
async function measure(client: pg.Client, sql: string, values: unknown[]) {
  const first = await timed(client, sql, values);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) times.push((await timed(client, sql, values)).ms);
  return { ms: median(times), rows: first.rows };
}

/** The count and the first natural page of the rows `condition` keeps. */
function statements(dialect: Dialect, condition: (bind: (value: string) => string) => string) {
  const values: string[] = [];
  const where = condition((value) => {
    values.push(value);
    return `$${values.length}`;
  });
  const order = `${dialect.natural('name', 'root')}, ${dialect.binary('name')}, id`;
  return {
    count: `SELECT COUNT(*) AS n FROM person WHERE ${where}`,
    page: `SELECT id, name FROM person WHERE ${where} ORDER BY ${order} LIMIT 10`,
    values,
  };
}

async function main(): Promise<void> {
  const { postgresDialectOf } = (await import(pathToFileURL(DIALECT).href)) as {
    postgresDialectOf: (features: Features) => Dialect;
  };
  const admin = new pg.Client({ connectionString: postgresUrl('postgres') });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const client = new pg.Client({ connectionString: postgresUrl(DATABASE) });
  await client.connect();
  try {
    await prepare(client);
    // What the README tells a host to run.
    for (const statement of UNACCENT_SETUP) await client.query(statement);
    await client.query(`DROP INDEX IF EXISTS ${INDEX}`);
    const load = loadavg()
      .map((each) => each.toFixed(1))
      .join(', ');
    console.log(`${ROWS} rows, median of ${RUNS} runs after a warm-up; load average at start ${load}`);
    const variants: { name: string; dialect: Dialect; accents: boolean }[] = [
      {
        name: 'ILIKE (case only, before this change)',
        dialect: postgresDialectOf({ search: 'wrapper', icu: ['und-x-icu'] }),
        accents: false,
      },
      {
        name: 'translate() fallback, no unaccent',
        dialect: postgresDialectOf({ search: 'translate', icu: ['und-x-icu'] }),
        accents: true,
      },
      {
        name: 'unaccent through widgetlib_unaccent',
        dialect: postgresDialectOf({ search: 'wrapper', icu: ['und-x-icu'] }),
        accents: true,
      },
    ];
    const lines = ['| search | index | term | matches | COUNT(*) ms | first page ms |', '|---|---|---|---:|---:|---:|'];
    const run = async (variant: (typeof variants)[number], index: string, terms = TERMS) => {
      for (const term of terms) {
        const written = statements(variant.dialect, (bind) =>
          variant.accents
            ? variant.dialect.containsIgnoringAccents('name', term, 'anywhere', bind)
            : variant.dialect.containsIgnoringCase('name', term, 'anywhere', bind),
        );
        const count = await measure(client, written.count, written.values);
        const page = await measure(client, written.page, written.values);
        lines.push(
          `| ${variant.name} | ${index} | ${term} | ${count.rows[0]!.n} | ${count.ms.toFixed(0)} | ${page.ms.toFixed(0)} |`,
        );
        console.log(lines.at(-1));
      }
    };
    // translate() over a 300-letter table costs seconds per statement: one term only.
    for (const variant of variants) await run(variant, 'none', variant === variants[1] ? TERMS.slice(0, 1) : TERMS);
    const started = Date.now();
    await client.query(`CREATE INDEX ${INDEX} ON person USING gin (lower(widgetlib_unaccent(name)) gin_trgm_ops)`);
    const built = ((Date.now() - started) / 1000).toFixed(1);
    await client.query('ANALYZE person');
    const size = await client.query<{ size: string }>(`SELECT pg_size_pretty(pg_relation_size('${INDEX}')) AS size`);
    console.log(`index built in ${built} s, ${size.rows[0]!.size}`);
    await run(variants[2]!, 'gin trigram on lower(widgetlib_unaccent(name))');
    const plan = statements(variants[2]!.dialect, (bind) =>
      variants[2]!.dialect.containsIgnoringAccents('name', 'angstrom', 'anywhere', bind),
    );
    const explained = await client.query(`EXPLAIN ${plan.count}`, plan.values);
    console.log(lines.join('\n'));
    console.log(
      `\nindex: built in ${built} s, ${size.rows[0]!.size}; load average at end ${loadavg()
        .map((each) => each.toFixed(1))
        .join(', ')}`,
    );
    console.log(`\nEXPLAIN of the indexed count:\n${explained.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
  } finally {
    await client.end();
  }
}

await main();
