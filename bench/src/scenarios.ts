/** The implementations, in the order each scenario runs them. */
export const IMPLEMENTATIONS = ['sql', 'nestjs-paginate', 'widgetlib'] as const;
export type Implementation = (typeof IMPLEMENTATIONS)[number];

export const ENDPOINTS: Record<Implementation, string> = {
  sql: '/sql/people',
  'nestjs-paginate': '/paginate/people',
  widgetlib: '/widgetlib/people',
};

export interface Scenario {
  id: string;
  title: string;
  /** The query string each implementation receives for the same request. */
  query: Record<Implementation, string>;
}

const PAGE = 10;
/** 1-5 % of the people match it in name, e-mail or country name (the generated data's distributions). */
export const SEARCH_TERM = 'lin';
export const NAME_TERM = 'son';
export const BORN_FROM = '1980-01-01';
export const BORN_TO = '1989-12-31';
export const TAG_NAME = 'fashion';

/** Widgetlib's parameters, which the hand-written SQL endpoint parses too. */
function widgetlibAndSql(query: string): Pick<Scenario['query'], 'sql' | 'widgetlib'> {
  return { sql: query, widgetlib: query };
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
      title: 'first page, default ordering, no filter',
      query: { ...widgetlibAndSql(`limit=${PAGE}&offset=0`), 'nestjs-paginate': `limit=${PAGE}&page=1` },
    },
    {
      id: 'S2',
      title: `offset ${deepOffset.toLocaleString('en')}`,
      query: {
        ...widgetlibAndSql(`limit=${PAGE}&offset=${deepOffset}`),
        'nestjs-paginate': `limit=${PAGE}&page=${deepOffset / PAGE + 1}`,
      },
    },
    {
      id: 'S3',
      title: `search "${SEARCH_TERM}" in name, email, country name`,
      query: { ...widgetlibAndSql(`limit=${PAGE}&search=${SEARCH_TERM}`), 'nestjs-paginate': `limit=${PAGE}&search=${SEARCH_TERM}` },
    },
    {
      id: 'S4',
      title: `name icontains "${NAME_TERM}", born ${BORN_FROM}..${BORN_TO}, active`,
      query: {
        ...widgetlibAndSql(`limit=${PAGE}&name__icontains=${NAME_TERM}&born__range=${BORN_FROM},${BORN_TO}&active=true`),
        'nestjs-paginate':
          `limit=${PAGE}&filter.name=$ilike:${NAME_TERM}&filter.born=$btw:${BORN_FROM},${BORN_TO}&filter.active=$eq:${paginateTrue}`,
      },
    },
    {
      id: 'S5',
      title: `tag name = "${TAG_NAME}" (to-many)`,
      query: { ...widgetlibAndSql(`limit=${PAGE}&tags__name=${TAG_NAME}`), 'nestjs-paginate': `limit=${PAGE}&filter.tags.name=$eq:${TAG_NAME}` },
    },
    {
      id: 'S6',
      title: 'ordering by country name, then id',
      query: {
        ...widgetlibAndSql(`limit=${PAGE}&ordering=country__name`),
        'nestjs-paginate': `limit=${PAGE}&sortBy=country.name:ASC&sortBy=id:ASC`,
      },
    },
  ];
}
