import type { DataSource, QueryRunner } from 'typeorm';
import { accentTranslation, foldAccents } from './accent-fold.writer.js';
import { collationOf } from './collation-language.checks.js';
import type { CollationLanguage, TailoredLanguage } from './collation-language.types.js';
import type { DatabaseDialect, DialectFamily, DriverErrorShape } from './database-dialect.types.js';
import { containsPattern, LIKE_ESCAPE } from './like-pattern.writer.js';
import { cancelPostgresStatement, type PostgresSession } from './postgres-cancel.query.js';

/** PostgreSQL SQLSTATEs: admin shutdown, crash shutdown, cannot connect now, too many connections. */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres errors that carry no code but mean the connection is gone. */
const CONNECTION_LOST_MESSAGES = [
  // Query builders such as knex put the statement before the driver's message.
  /Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
];

/** The immutable wrapper of `unaccent` a host creates to index the search (see the README). */
export const UNACCENT_WRAPPER = 'widgetlib_unaccent';

/** ICU's root collation, which PostgreSQL built with ICU has (`pg_collation`). */
export const ROOT_ICU_COLLATION = 'und-x-icu';

/** The ICU collation of each tailored language (`pg_collation`, created by initdb with ICU). */
const LANGUAGE_ICU_COLLATIONS: Readonly<Record<TailoredLanguage, string>> = { es: 'es-x-icu', sv: 'sv-x-icu' };

const ICU_COLLATIONS = [ROOT_ICU_COLLATION, ...Object.values(LANGUAGE_ICU_COLLATIONS)];

/**
 * What a PostgreSQL server offers the search and the ordering, asked once per data source:
 * `search` is `wrapper` when {@link UNACCENT_WRAPPER} exists (an index on it can serve the
 * search), `unaccent` when only the extension does, `translate` when neither does; `icu` the ICU
 * collations of {@link ICU_COLLATIONS} it has.
 */
export interface PostgresFeatures {
  search: 'wrapper' | 'unaccent' | 'translate';
  icu: readonly string[];
}

/**
 * The ICU collation that orders `language`'s text: its own, else the root collation (a server
 * without the language's); null without ICU.
 */
function icuCollation(features: PostgresFeatures, language: CollationLanguage): string | null {
  const collation = collationOf(language);
  const own = collation === 'root' ? ROOT_ICU_COLLATION : LANGUAGE_ICU_COLLATIONS[collation];
  if (features.icu.includes(own)) return own;
  return features.icu.includes(ROOT_ICU_COLLATION) ? ROOT_ICU_COLLATION : null;
}

const TRANSLATION = accentTranslation();

/** The text the search compares: lower-cased, its accents taken off as `features` allows. */
function searchText(features: PostgresFeatures, expression: string): string {
  const text = `CAST(${expression} AS text)`;
  switch (features.search) {
    case 'wrapper':
      return `lower(${UNACCENT_WRAPPER}(${text}))`;
    case 'unaccent':
      return `lower(unaccent(${text}))`;
    case 'translate':
      return `translate(lower(${text}), '${TRANSLATION.from}', '${TRANSLATION.to}')`;
  }
}

/**
 * `searchText` of both sides, with the final sigma taken for `σ` as the other servers' search does,
 * when the term has a sigma: only then can the two shapes change what matches, and only then is the
 * expression index on the column's `searchText` given up.
 */
function searchTextsOf(features: PostgresFeatures, expression: string, pattern: string, term: string) {
  const column = searchText(features, expression);
  const bound = searchText(features, pattern);
  if (features.search === 'translate' || !foldAccents(term).includes('σ')) return { column, bound };
  return { column: `translate(${column}, 'ς', 'σ')`, bound: `translate(${bound}, 'ς', 'σ')` };
}

/**
 * PostgreSQL. Under a deterministic collation `=` compares the bytes, and in a UTF-8 database ILIKE
 * folds both sides with lower(), one code point at a time; unlike lower(x) LIKE lower(p), x ILIKE p
 * can use a pg_trgm index on x. Under an OR, `IN (subquery)` can only be a hashed filter, while
 * ARRAY(subquery) runs once and `= ANY` of its result can use an index on the column in a bitmap OR
 * (but is searched linearly where it filters rows); outside an OR, IN becomes a semi-join.
 */
export function postgresDialectOf(features: PostgresFeatures): DatabaseDialect {
  return {
    server: 'postgres',
    fold: (expression) => `lower(CAST(${expression} AS text))`,
    binary: (expression) => `(${expression}) COLLATE "C"`,
    exact: (expression) => expression,
    temporalText: (expression) => `CAST(${expression} AS text)`,
    temporalPrefilter: () => null,
    prefilterComparison: (comparison) => comparison,
    boundInteger: (value) => value,
    pageBound: (placeholder) => placeholder,
    containsIgnoringCase: (expression, text, anchor, bind) =>
      `CAST(${expression} AS text) ILIKE ${bind(containsPattern(text, anchor))} ESCAPE '${LIKE_ESCAPE}'`,
    // Both sides folded by the same expression, which an expression index on the column can serve
    // (pg_trgm's gin_trgm_ops for a pattern that is not anchored at the start).
    containsIgnoringAccents: (expression, text, anchor, bind) => {
      const { column, bound } = searchTextsOf(features, expression, bind(containsPattern(text, anchor)), text);
      return `${column} LIKE ${bound} ESCAPE '${LIKE_ESCAPE}'`;
    },
    natural: (expression, language) => {
      const collation = icuCollation(features, language);
      return collation
        ? `CAST(${expression} AS text) COLLATE "${collation}"`
        : `lower(CAST(${expression} AS text)) COLLATE "C"`;
    },
    exactAggregate: (aggregate, expression, scale) =>
      `CAST(ROUND(CAST(${aggregate}(${expression}) AS numeric) * ${10 ** scale}) AS text)`,
    inSubquery: (expression, subquery, branchOfOr) =>
      branchOfOr ? `${expression} = ANY(ARRAY(${subquery}))` : `${expression} IN (${subquery})`,
    // reltuples is -1 until the table is first analysed; the exact count runs only when needed.
    estimatedCount: (table, threshold, exactCount) =>
      `SELECT CASE WHEN reltuples >= ${threshold} THEN CAST(reltuples AS bigint) ELSE (${exactCount}) END AS "wl_count", ` +
      `reltuples >= ${threshold} AS "wl_estimated" FROM pg_catalog.pg_class WHERE oid = CAST(${table.qualifiedName} AS regclass)`,
    // No per-statement form that costs no round trip (a SET LOCAL needs a transaction of its own): the
    // statement is cancelled from outside when its time is up.
    statementBound: () => ({
      kind: 'cancel',
      canceller: async (runner) => {
        const session = (await runner.connect()) as PostgresSession;
        return () => cancelPostgresStatement(session);
      },
    }),
    boundTransactionStatements: async (runner, milliseconds) => {
      await runner.query(`SET LOCAL statement_timeout = ${milliseconds}`);
      return async () => undefined;
    },
    // Only the listed row (`FOR UPDATE OF`), which also allows the base's outer joins.
    lockForUpdate: (query) =>
      query.setLock('pessimistic_write', undefined, [query.connection.driver.escape(query.alias)]),
    readCommitted: 'READ COMMITTED',
    sharesOneConnection: false,
    placeholder: (index) => `$${index + 1}`,
    rowArrays: null,
    orderSnapshots: null,
    onConflictIncrement: (table, key, counter) =>
      `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${counter} = ${table}.${counter} + 1`,
  };
}

/** The dialect of a server with `unaccent`, the wrapper and ICU (the specs' and the usual case). */
export const postgresDialect = postgresDialectOf({ search: 'wrapper', icu: ICU_COLLATIONS });

/**
 * How long an answer without everything (the wrapper, ICU) is trusted before the server is asked again:
 * a host's migration may create the wrapper after widgetlib's own migrations asked. A catalogue query
 * at most this often; a complete answer is kept.
 */
const INCOMPLETE_FEATURES_MS = 1_000;

const features = new WeakMap<DataSource, { found: Promise<PostgresFeatures>; at: number; complete: boolean }>();

async function askFeatures(asked: DataSource | QueryRunner): Promise<PostgresFeatures> {
  const [row] = (await asked.query(
    `SELECT to_regprocedure('${UNACCENT_WRAPPER}(text)') IS NOT NULL AS "wrapper", ` +
      `to_regprocedure('unaccent(text)') IS NOT NULL AS "unaccent", ` +
      `ARRAY(SELECT collname::text FROM pg_catalog.pg_collation WHERE collname IN (${ICU_COLLATIONS.map((name) => `'${name}'`).join(', ')})) AS "icu"`,
  )) as Array<{ wrapper: boolean; unaccent: boolean; icu: string[] }>;
  return {
    search: row!.wrapper ? 'wrapper' : row!.unaccent ? 'unaccent' : 'translate',
    icu: ICU_COLLATIONS.filter((name) => row!.icu.includes(name)),
  };
}

/** Dialects by features: one per kind of server, shared by its data sources. */
const dialects = new Map<string, DatabaseDialect>();

function dialectWith(found: PostgresFeatures): DatabaseDialect {
  const key = `${found.search}/${found.icu.join(',')}`;
  let dialect = dialects.get(key);
  if (!dialect) dialects.set(key, (dialect = postgresDialectOf(found)));
  return dialect;
}

export const postgresFamily: DialectFamily = {
  driverTypes: ['postgres'],
  // The server's extensions and collations, asked once per data source when it has them all, again
  // after INCOMPLETE_FEATURES_MS otherwise (a wrapper created later is used from then on).
  dialectOf: async (dataSource, runner) => {
    let asked = features.get(dataSource);
    if (!asked || (!asked.complete && Date.now() - asked.at > INCOMPLETE_FEATURES_MS)) {
      const entry = { found: askFeatures(runner ?? dataSource), at: Date.now(), complete: false };
      features.set(dataSource, entry);
      entry.found.then(
        (found) => {
          entry.complete = found.search === 'wrapper' && found.icu.length === ICU_COLLATIONS.length;
        },
        () => features.delete(dataSource),
      );
      asked = entry;
    }
    return dialectWith(await asked.found);
  },
  textColumnByteCapacity: null,
  isUniqueViolation: (error) => error.code === '23505',
  isValueTooLong: (error) => error.code === '22001',
  isStatementTimeout: (error) => (error as DriverErrorShape | undefined)?.code === '57014',
  isConnectionLost: (error) => {
    const code = typeof error.code === 'string' ? error.code : '';
    // SQLSTATE class 08: connection exception.
    if (CONNECTION_LOST_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    const message = typeof error.message === 'string' ? error.message : '';
    return CONNECTION_LOST_MESSAGES.some((pattern) => pattern.test(message));
  },
};
