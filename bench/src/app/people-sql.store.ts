import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import type { PeopleQuery } from './people-query.parser.js';
import { buildPeopleStatements, buildTagsStatement, type Statement } from './people-sql.builder.js';

export interface PersonRow {
  id: number;
  name: string;
  email: string;
  age: number;
  born: string;
  createdAt: string;
  active: boolean;
  country: { id: number; name: string } | null;
  tags: { id: number; name: string }[];
}

/** The hand-written endpoint's answer: the page and the number of rows that match (one count). */
export interface SqlListAnswer {
  data: PersonRow[];
  recordsFiltered: number;
}

/** Runs the hand-written statements of a list request on one database. */
export abstract class PeopleSqlStore {
  abstract list(query: PeopleQuery): Promise<SqlListAnswer>;
}

interface PageRecord {
  id: number;
  name: string;
  email: string;
  age: number;
  born: string;
  created_at: Date | string;
  active: boolean | number;
  country_id: number | null;
  country_name: string | null;
}

interface TagRecord {
  person_id: number;
  id: number;
  name: string;
}

/** SQLite keeps date-times as `yyyy-MM-dd HH:mm:ss.SSS` in UTC. */
function isoInstant(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(`${value.replace(' ', 'T')}Z`).toISOString();
}

function assemble(page: PageRecord[], tags: TagRecord[]): PersonRow[] {
  const tagsOf = new Map<number, PersonRow['tags']>();
  for (const tag of tags) {
    const list = tagsOf.get(tag.person_id) ?? [];
    list.push({ id: tag.id, name: tag.name });
    tagsOf.set(tag.person_id, list);
  }
  return page.map((record) => ({
    id: record.id,
    name: record.name,
    email: record.email,
    age: record.age,
    born: record.born,
    createdAt: isoInstant(record.created_at),
    active: Boolean(record.active),
    country: record.country_id === null ? null : { id: record.country_id, name: record.country_name as string },
    tags: tagsOf.get(record.id) ?? [],
  }));
}

const DATE_OID = 1082;

export class PostgresPeopleStore extends PeopleSqlStore {
  constructor(private readonly pool: pg.Pool) {
    super();
  }

  /** A pool whose `date` values stay `yyyy-MM-dd` strings, as TypeORM returns them. */
  static poolOptions(connectionString: string, max: number, types: typeof pg.types): pg.PoolConfig {
    return {
      connectionString,
      max,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === DATE_OID ? (value: string) => value : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
      },
    };
  }

  private async rows<T>(statement: Statement): Promise<T[]> {
    return (await this.pool.query(statement.sql, statement.params)).rows as T[];
  }

  async list(query: PeopleQuery): Promise<SqlListAnswer> {
    const statements = buildPeopleStatements(query, 'postgres');
    const [page, count] = await Promise.all([
      this.rows<PageRecord>(statements.page),
      this.rows<{ n: string }>(statements.count),
    ]);
    const tags =
      page.length === 0
        ? []
        : await this.rows<TagRecord>(
            buildTagsStatement(
              page.map((row) => row.id),
              'postgres',
            ),
          );
    return { data: assemble(page, tags), recordsFiltered: Number(count[0].n) };
  }
}

export class SqlitePeopleStore extends PeopleSqlStore {
  private readonly prepared = new Map<string, BetterSqlite3.Statement>();

  constructor(private readonly database: BetterSqlite3.Database) {
    super();
  }

  private rows<T>(statement: Statement): T[] {
    let prepared = this.prepared.get(statement.sql);
    if (!prepared) {
      prepared = this.database.prepare(statement.sql);
      this.prepared.set(statement.sql, prepared);
    }
    return prepared.all(...statement.params) as T[];
  }

  async list(query: PeopleQuery): Promise<SqlListAnswer> {
    const statements = buildPeopleStatements(query, 'sqlite');
    const page = this.rows<PageRecord>(statements.page);
    const count = this.rows<{ n: number }>(statements.count);
    const tags =
      page.length === 0
        ? []
        : this.rows<TagRecord>(
            buildTagsStatement(
              page.map((row) => row.id),
              'sqlite',
            ),
          );
    return { data: assemble(page, tags), recordsFiltered: count[0].n };
  }
}
