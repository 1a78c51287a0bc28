import { ORDER_COLUMNS, type PeopleQuery } from './people-query.parser.js';

export type Dialect = 'postgres' | 'sqlite';

export interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements of one request: the page (with its to-one join) and its count are independent. */
export interface PeopleStatements {
  page: Statement;
  count: Statement;
}

class Parameters {
  readonly values: unknown[] = [];
  constructor(private readonly dialect: Dialect) {}

  add(value: unknown): string {
    this.values.push(value);
    return this.dialect === 'postgres' ? `$${this.values.length}` : '?';
  }
}

/** `%`, `_` and `\` in a term match themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function like(dialect: Dialect, column: string, placeholder: string): string {
  return dialect === 'postgres' ? `${column} ILIKE ${placeholder}` : `${column} LIKE ${placeholder} ESCAPE '\\'`;
}

/** The WHERE clause of the request, and whether it reads the country. */
function whereClause(
  query: PeopleQuery,
  dialect: Dialect,
  parameters: Parameters,
): { sql: string; readsCountry: boolean } {
  const conditions: string[] = [];
  for (const term of query.searchTerms) {
    const pattern = containsPattern(term);
    // PostgreSQL refers to one parameter three times; SQLite's `?` takes one value per use.
    const shared = dialect === 'postgres' ? parameters.add(pattern) : null;
    const matches = ['p.name', 'p.email', 'c.name'].map((column) =>
      like(dialect, column, shared ?? parameters.add(pattern)),
    );
    conditions.push(`(${matches.join(' OR ')})`);
  }
  if (query.nameContains !== null)
    conditions.push(like(dialect, 'p.name', parameters.add(containsPattern(query.nameContains))));
  if (query.born?.from) conditions.push(`p.born >= ${parameters.add(query.born.from)}`);
  if (query.born?.to) conditions.push(`p.born <= ${parameters.add(query.born.to)}`);
  if (query.active !== null) {
    conditions.push(`p.active = ${parameters.add(dialect === 'postgres' ? query.active : Number(query.active))}`);
  }
  if (query.tagName !== null) {
    conditions.push(
      `EXISTS (SELECT 1 FROM person_tag pt JOIN tag t ON t.id = pt.tag_id ` +
        `WHERE pt.person_id = p.id AND t.name = ${parameters.add(query.tagName)})`,
    );
  }
  return {
    sql: conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '',
    readsCountry: query.searchTerms.length > 0,
  };
}

function orderBy(query: PeopleQuery): string {
  const keys = query.ordering.map(({ field, descending }) => `${ORDER_COLUMNS[field]}${descending ? ' DESC' : ''}`);
  if (!query.ordering.some(({ field }) => field === 'id')) keys.push('p.id');
  return keys.join(', ');
}

export function buildPeopleStatements(query: PeopleQuery, dialect: Dialect): PeopleStatements {
  const pageParameters = new Parameters(dialect);
  const pageWhere = whereClause(query, dialect, pageParameters);
  const limit = pageParameters.add(query.limit);
  const offset = pageParameters.add(query.offset);
  const page =
    'SELECT p.id, p.name, p.email, p.age, p.born, p.created_at, p.active, c.id AS country_id, c.name AS country_name ' +
    `FROM person p LEFT JOIN country c ON c.id = p.country_id${pageWhere.sql} ` +
    `ORDER BY ${orderBy(query)} LIMIT ${limit} OFFSET ${offset}`;

  const countParameters = new Parameters(dialect);
  const countWhere = whereClause(query, dialect, countParameters);
  const join = countWhere.readsCountry ? ' LEFT JOIN country c ON c.id = p.country_id' : '';
  const count = `SELECT count(*) AS n FROM person p${join}${countWhere.sql}`;

  return {
    page: { sql: page, params: pageParameters.values },
    count: { sql: count, params: countParameters.values },
  };
}

/** The tags of the page's people, in one statement. */
export function buildTagsStatement(personIds: number[], dialect: Dialect): Statement {
  const select = 'SELECT pt.person_id, t.id, t.name FROM person_tag pt JOIN tag t ON t.id = pt.tag_id';
  if (dialect === 'postgres') {
    return { sql: `${select} WHERE pt.person_id = ANY($1::int[]) ORDER BY pt.person_id, t.id`, params: [personIds] };
  }
  const placeholders = personIds.map(() => '?').join(', ');
  return { sql: `${select} WHERE pt.person_id IN (${placeholders}) ORDER BY pt.person_id, t.id`, params: personIds };
}
