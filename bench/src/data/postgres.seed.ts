import pg from 'pg';
import { COUNTRY_PREFIXES, COUNTRY_SUFFIXES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, TAG_NAMES } from './names.js';

/** Bumped whenever the generated data or its indexes change, so that an older database is rebuilt. */
const DATASET_VERSION = 1;

export interface Dataset {
  database: string;
  persons: number;
}

/** What a database must hold to be reused: written last, after every row and index exists. */
function datasetStamp(persons: number): string {
  return JSON.stringify({ version: DATASET_VERSION, persons });
}

export function postgresUrl(database: string): string {
  const url = new URL(process.env.WIDGETLIB_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient<T>(database: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl(database) });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

async function isComplete(dataset: Dataset): Promise<boolean> {
  const exists = await withClient('postgres', async (admin) => {
    const result = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dataset.database]);
    return result.rowCount === 1;
  });
  if (!exists) return false;
  return withClient(dataset.database, async (client) => {
    const table = await client.query(`SELECT to_regclass('bench_meta') IS NOT NULL AS present`);
    if (!table.rows[0].present) return false;
    const stamp = await client.query(`SELECT value FROM bench_meta WHERE key = 'dataset'`);
    return stamp.rows[0]?.value === datasetStamp(dataset.persons);
  });
}

type Log = (message: string) => void;

async function timed(log: Log, label: string, action: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await action();
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** What the README tells a host to run before indexing widgetlib's accent-insensitive search. */
export const UNACCENT_SETUP = [
  'CREATE EXTENSION IF NOT EXISTS unaccent',
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  `CREATE OR REPLACE FUNCTION widgetlib_unaccent(text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT ` +
    `COST 10 AS $$ BEGIN RETURN public.unaccent('public.unaccent'::regdictionary, $1); END $$`,
];

/**
 * The README's setup for widgetlib's accent-insensitive search on `database` (the wrapper and a trigram
 * index on each searched column's folded text), as a host with a large table follows it; the plain
 * trigram indexes stay for the other implementations' ILIKE. Idempotent: a database that has them keeps them.
 */
export async function prepareAccentSearch(database: string, log: Log): Promise<void> {
  await withClient(database, async (client) => {
    for (const statement of UNACCENT_SETUP) await client.query(statement);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    const indexes = [
      ['person_name_search_idx', 'person', 'name'],
      ['person_email_search_idx', 'person', 'email'],
      ['country_name_search_idx', 'country', 'name'],
    ];
    for (const [index, table, column] of indexes) {
      await timed(log, `accent search index ${index}`, () =>
        client.query(
          `CREATE INDEX IF NOT EXISTS ${index} ON ${table} USING gin (lower(widgetlib_unaccent(${column})) gin_trgm_ops)`,
        ),
      );
    }
    await client.query('ANALYZE person, country');
  });
}

/**
 * Creates `dataset.database` with `dataset.persons` people, 1 000 countries, 50 tags and about three
 * tags per person, generated inside PostgreSQL, plus the indexes a careful user would create. A
 * database already holding this dataset is reused as it is.
 */
export async function preparePostgres(dataset: Dataset, log: Log): Promise<'reused' | 'created'> {
  if (await isComplete(dataset)) return 'reused';
  log(`Generating ${dataset.database} (${dataset.persons.toLocaleString('en')} people) in PostgreSQL`);
  await withClient('postgres', async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${dataset.database}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${dataset.database}"`);
  });
  await withClient(dataset.database, async (client) => {
    const run = (label: string, sql: string, params: unknown[] = []) =>
      timed(log, label, () => client.query(sql, params));
    await client.query(`SET maintenance_work_mem = '256MB'`);
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await client.query(`
      CREATE TABLE bench_meta (key text PRIMARY KEY, value text NOT NULL);
      CREATE TABLE country (id serial PRIMARY KEY, name varchar(100) NOT NULL);
      CREATE TABLE tag (id serial PRIMARY KEY, name varchar(50) NOT NULL);
      CREATE TABLE person (
        id serial PRIMARY KEY,
        name varchar(120) NOT NULL,
        email varchar(200) NOT NULL,
        age integer NOT NULL,
        born date NOT NULL,
        created_at timestamp NOT NULL,
        active boolean NOT NULL,
        country_id integer
      );
      CREATE TABLE person_tag (person_id integer NOT NULL, tag_id integer NOT NULL);
    `);
    // One session, one seed: the same database every time it is generated.
    await client.query('SELECT setseed(0.42)');
    await run(
      'countries',
      `INSERT INTO country (id, name)
       SELECT i + 1, ($1::text[])[1 + i % 40] || ($2::text[])[1 + i / 40] FROM generate_series(0, 999) AS i`,
      [COUNTRY_PREFIXES, COUNTRY_SUFFIXES],
    );
    await run('tags', `INSERT INTO tag (id, name) SELECT i, ($1::text[])[i] FROM generate_series(1, 50) AS i`, [
      TAG_NAMES,
    ]);
    // Names, domains and countries are drawn with random() ^ k so that early list entries are common.
    await run(
      'people',
      `INSERT INTO person (id, name, email, age, born, created_at, active, country_id)
       SELECT i,
              f || ' ' || l,
              lower(f || '.' || l) || (i % 97) || '@' || d,
              date_part('year', age(DATE '2026-01-01', b))::int,
              b,
              TIMESTAMP '2022-01-01' + i * INTERVAL '2 minutes' + random() * INTERVAL '90 seconds',
              random() < 0.8,
              1 + floor(1000 * power(random(), 2))::int
       FROM (
         SELECT i,
                ($2::text[])[1 + floor(cardinality($2::text[]) * power(random(), 1.5))::int] AS f,
                ($3::text[])[1 + floor(cardinality($3::text[]) * power(random(), 1.5))::int] AS l,
                ($4::text[])[1 + floor(cardinality($4::text[]) * random())::int] AS d,
                DATE '1940-01-01' + floor(random() * 24800)::int AS b
         FROM generate_series(1, $1::int) AS i
       ) AS drawn`,
      [dataset.persons, FIRST_NAMES, LAST_NAMES, EMAIL_DOMAINS],
    );
    // 1 to 5 distinct tags per person (base + k * step, step < 10, k < 5 never wraps onto itself).
    await run(
      'person_tag',
      `INSERT INTO person_tag (person_id, tag_id)
       SELECT drawn.id, 1 + (drawn.base + k * drawn.step) % 50
       FROM (
         SELECT id,
                floor(50 * power(random(), 1.5))::int AS base,
                1 + floor(random() * 9)::int AS step,
                1 + floor(random() * 5)::int AS n
         FROM person ORDER BY id
       ) AS drawn, generate_series(0, drawn.n - 1) AS k`,
    );
    await client.query(`
      SELECT setval('country_id_seq', (SELECT max(id) FROM country));
      SELECT setval('tag_id_seq', (SELECT max(id) FROM tag));
      SELECT setval('person_id_seq', (SELECT max(id) FROM person));
    `);
    await run(
      'keys and constraints',
      `
      ALTER TABLE person_tag ADD PRIMARY KEY (person_id, tag_id);
      ALTER TABLE person ADD FOREIGN KEY (country_id) REFERENCES country (id);
      ALTER TABLE person_tag ADD FOREIGN KEY (person_id) REFERENCES person (id) ON DELETE CASCADE;
      ALTER TABLE person_tag ADD FOREIGN KEY (tag_id) REFERENCES tag (id) ON DELETE CASCADE;
      CREATE UNIQUE INDEX tag_name_key ON tag (name);
    `,
    );
    await run(
      'btree indexes',
      `
      CREATE INDEX person_country_id_idx ON person (country_id);
      CREATE INDEX person_name_idx ON person (name);
      CREATE INDEX person_born_idx ON person (born);
      CREATE INDEX person_created_at_idx ON person (created_at);
      CREATE INDEX person_tag_tag_id_idx ON person_tag (tag_id, person_id);
      CREATE INDEX country_name_idx ON country (name);
    `,
    );
    await run(
      'trigram indexes',
      `
      CREATE INDEX person_name_trgm_idx ON person USING gin (name gin_trgm_ops);
      CREATE INDEX person_email_trgm_idx ON person USING gin (email gin_trgm_ops);
      CREATE INDEX country_name_trgm_idx ON country USING gin (name gin_trgm_ops);
    `,
    );
    await run('vacuum analyze', 'VACUUM ANALYZE');
    await client.query(`INSERT INTO bench_meta (key, value) VALUES ('dataset', $1)`, [datasetStamp(dataset.persons)]);
  });
  return 'created';
}
