/**
 * The implementations, in the order each scenario runs them. `widgetlib` is configured for a large
 * PostgreSQL table (`estimatedTotalAbove`); `widgetlib-exact` is the same table with the default exact
 * `recordsTotal`, run only where the two differ.
 */
export const IMPLEMENTATIONS = ['sql', 'nestjs-paginate', 'widgetlib', 'widgetlib-exact'] as const;
export type Implementation = (typeof IMPLEMENTATIONS)[number];
export type WidgetlibImplementation = Extract<Implementation, 'widgetlib' | 'widgetlib-exact'>;

export const ENDPOINTS: Record<Implementation, string> = {
  sql: '/sql/people',
  'nestjs-paginate': '/paginate/people',
  widgetlib: '/widgetlib/people',
  'widgetlib-exact': '/widgetlib-exact/people',
};

export interface Scenario {
  id: string;
  title: string;
  /** Whether the request filters or searches (only then can `recordsTotal` be an estimate). */
  filtered: boolean;
  /** The query string each implementation receives for the same request. */
  query: Record<Implementation, string>;
}

/**
 * Whether a scenario runs an implementation on a database: `widgetlib-exact` only where the
 * estimate applies (PostgreSQL, filtered requests); elsewhere it would repeat `widgetlib`'s statements.
 */
export function runsIn(implementation: Implementation, scenario: Scenario, database: 'postgres' | 'sqlite'): boolean {
  return implementation !== 'widgetlib-exact' || (database === 'postgres' && scenario.filtered);
}

const PAGE = 10;
/** 1-5 % of the people match it in name, e-mail or country name (the generated data's distributions). */
export const SEARCH_TERM = 'lin';
export const NAME_TERM = 'son';
export const BORN_FROM = '1980-01-01';
export const BORN_TO = '1989-12-31';
export const TAG_NAME = 'fashion';

/** Widgetlib's parameters, which the hand-written SQL endpoint parses too. */
function widgetlibAndSql(query: string): Omit<Scenario['query'], 'nestjs-paginate'> {
  return { sql: query, widgetlib: query, 'widgetlib-exact': query };
}

/**
 * S1-S6 of issue 8; `deepOffset` is half of the people (500 000 on the full dataset).
 * nestjs-paginate passes a filter value through as text: on SQLite, which keeps booleans as 0/1,
 * its users filter a boolean with `$eq:1`.
 */
export function scenarios(deepOffset: number, database: 'postgres' | 'sqlite'): Scenario[] {
  const paginateTrue = database === 'sqlite' ? '1' : 'true';
  return [
    {
      id: 'S1',
      filtered: false,
      title: 'first page, default ordering, no filter',
      query: { ...widgetlibAndSql(`limit=${PAGE}&offset=0`), 'nestjs-paginate': `limit=${PAGE}&page=1` },
    },
    {
      id: 'S2',
      filtered: false,
      title: `offset ${deepOffset.toLocaleString('en')}`,
      query: {
        ...widgetlibAndSql(`limit=${PAGE}&offset=${deepOffset}`),
        'nestjs-paginate': `limit=${PAGE}&page=${deepOffset / PAGE + 1}`,
      },
    },
    {
      id: 'S3',
      filtered: true,
      title: `search "${SEARCH_TERM}" in name, email, country name`,
      query: {
        ...widgetlibAndSql(`limit=${PAGE}&search=${SEARCH_TERM}`),
        'nestjs-paginate': `limit=${PAGE}&search=${SEARCH_TERM}`,
      },
    },
    {
      id: 'S4',
      filtered: true,
      title: `name icontains "${NAME_TERM}", born ${BORN_FROM}..${BORN_TO}, active`,
      query: {
        ...widgetlibAndSql(
          `limit=${PAGE}&name__icontains=${NAME_TERM}&born__range=${BORN_FROM},${BORN_TO}&active=true`,
        ),
        'nestjs-paginate': `limit=${PAGE}&filter.name=$ilike:${NAME_TERM}&filter.born=$btw:${BORN_FROM},${BORN_TO}&filter.active=$eq:${paginateTrue}`,
      },
    },
    {
      id: 'S5',
      filtered: true,
      title: `tag name = "${TAG_NAME}" (to-many)`,
      query: {
        ...widgetlibAndSql(`limit=${PAGE}&tags__name=${TAG_NAME}`),
        'nestjs-paginate': `limit=${PAGE}&filter.tags.name=$eq:${TAG_NAME}`,
      },
    },
    {
      id: 'S6',
      filtered: false,
      title: 'ordering by country name, then id',
      query: {
        ...widgetlibAndSql(`limit=${PAGE}&ordering=country__name`),
        'nestjs-paginate': `limit=${PAGE}&sortBy=country.name:ASC&sortBy=id:ASC`,
      },
    },
  ];
}
