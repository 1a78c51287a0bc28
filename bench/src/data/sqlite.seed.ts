import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { postgresUrl } from './postgres.seed.js';

const SQLITE_DATASET_VERSION = 1;

function stamp(source: string, persons: number): string {
  return JSON.stringify({ version: SQLITE_DATASET_VERSION, source, persons });
}

function isComplete(file: string, expected: string): boolean {
  if (!existsSync(file)) return false;
  const database = new BetterSqlite3(file, { readonly: true });
  try {
    const table = database.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'bench_meta'`).get();
    if (!table) return false;
    const row = database.prepare(`SELECT value FROM bench_meta WHERE key = 'dataset'`).get() as
      { value: string } | undefined;
    return row?.value === expected;
  } finally {
    database.close();
  }
}

/**
 * Writes `file` with the first `persons` people of the PostgreSQL dataset `source` (same
 * distributions), every country and tag, their tags, and the same btree indexes (SQLite has no
 * trigram index). A file already holding this dataset is reused.
 */
export async function prepareSqlite(
  file: string,
  source: string,
  persons: number,
  log: (message: string) => void,
): Promise<'reused' | 'created'> {
  const expected = stamp(source, persons);
  if (isComplete(file, expected)) return 'reused';
  log(`Copying ${persons.toLocaleString('en')} people from ${source} into ${file}`);
  mkdirSync(dirname(file), { recursive: true });
  rmSync(file, { force: true });
  const client = new pg.Client({ connectionString: postgresUrl(source) });
  await client.connect();
  const database = new BetterSqlite3(file);
  try {
    database.pragma('journal_mode = WAL');
    database.exec(`
      CREATE TABLE bench_meta (key text PRIMARY KEY, value text NOT NULL);
      CREATE TABLE country (id integer PRIMARY KEY AUTOINCREMENT, name varchar(100) NOT NULL);
      CREATE TABLE tag (id integer PRIMARY KEY AUTOINCREMENT, name varchar(50) NOT NULL UNIQUE);
      CREATE TABLE person (
        id integer PRIMARY KEY AUTOINCREMENT,
        name varchar(120) NOT NULL,
        email varchar(200) NOT NULL,
        age integer NOT NULL,
        born date NOT NULL,
        created_at datetime NOT NULL,
        active boolean NOT NULL,
        country_id integer REFERENCES country (id)
      );
      CREATE TABLE person_tag (
        person_id integer NOT NULL REFERENCES person (id) ON DELETE CASCADE,
        tag_id integer NOT NULL REFERENCES tag (id) ON DELETE CASCADE,
        PRIMARY KEY (person_id, tag_id)
      );
    `);
    const countries = await client.query('SELECT id, name FROM country ORDER BY id');
    const tags = await client.query('SELECT id, name FROM tag ORDER BY id');
    const people = await client.query(
      `SELECT id, name, email, age, to_char(born, 'YYYY-MM-DD') AS born,
              to_char(created_at, 'YYYY-MM-DD HH24:MI:SS.MS') AS created_at, active::int AS active, country_id
       FROM person WHERE id <= $1 ORDER BY id`,
      [persons],
    );
    const personTags = await client.query('SELECT person_id, tag_id FROM person_tag WHERE person_id <= $1', [persons]);
    const insert = database.transaction(() => {
      const country = database.prepare('INSERT INTO country (id, name) VALUES (@id, @name)');
      for (const row of countries.rows) country.run(row);
      const tag = database.prepare('INSERT INTO tag (id, name) VALUES (@id, @name)');
      for (const row of tags.rows) tag.run(row);
      const person = database.prepare(
        `INSERT INTO person (id, name, email, age, born, created_at, active, country_id)
         VALUES (@id, @name, @email, @age, @born, @created_at, @active, @country_id)`,
      );
      for (const row of people.rows) person.run(row);
      const personTag = database.prepare('INSERT INTO person_tag (person_id, tag_id) VALUES (@person_id, @tag_id)');
      for (const row of personTags.rows) personTag.run(row);
    });
    insert();
    database.exec(`
      CREATE INDEX person_country_id_idx ON person (country_id);
      CREATE INDEX person_name_idx ON person (name);
      CREATE INDEX person_born_idx ON person (born);
      CREATE INDEX person_created_at_idx ON person (created_at);
      CREATE INDEX person_tag_tag_id_idx ON person_tag (tag_id, person_id);
      CREATE INDEX country_name_idx ON country (name);
      ANALYZE;
    `);
    database.prepare(`INSERT INTO bench_meta (key, value) VALUES ('dataset', ?)`).run(expected);
  } finally {
    database.close();
    await client.end();
  }
  return 'created';
}
