import { ENDPOINTS, isPaginate, type Implementation } from './implementations.js';

export interface Scenario {
  id: string;
  title: string;
  /** Whether the request filters or searches (then widgetlib's exact `recordsTotal` is a count of its own). */
  filtered: boolean;
  /** The query string of the request: in the parameters of widgetlib (which the hand-written SQL parses too) and of nestjs-paginate. */
  query: { dataTable: string; paginate: string };
}

export function requestPath(scenario: Scenario, implementation: Implementation): string {
  return `${ENDPOINTS[implementation]}?${isPaginate(implementation) ? scenario.query.paginate : scenario.query.dataTable}`;
}

const PAGE = 10;
/** 1-5 % of the people match it in name, e-mail or country name (the generated data's distributions). */
export const SEARCH_TERM = 'lin';
export const NAME_TERM = 'son';
export const BORN_FROM = '1980-01-01';
export const BORN_TO = '1989-12-31';
export const TAG_NAME = 'fashion';

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
      query: { dataTable: `limit=${PAGE}&offset=0`, paginate: `limit=${PAGE}&page=1` },
    },
    {
      id: 'S2',
      filtered: false,
      title: `offset ${deepOffset.toLocaleString('en')}`,
      query: {
        dataTable: `limit=${PAGE}&offset=${deepOffset}`,
        paginate: `limit=${PAGE}&page=${deepOffset / PAGE + 1}`,
      },
    },
    {
      id: 'S3',
      filtered: true,
      title: `search "${SEARCH_TERM}" in name, email, country name`,
      query: {
        dataTable: `limit=${PAGE}&search=${SEARCH_TERM}`,
        paginate: `limit=${PAGE}&search=${SEARCH_TERM}`,
      },
    },
    {
      id: 'S4',
      filtered: true,
      title: `name icontains "${NAME_TERM}", born ${BORN_FROM}..${BORN_TO}, active`,
      query: {
        dataTable: `limit=${PAGE}&name__icontains=${NAME_TERM}&born__range=${BORN_FROM},${BORN_TO}&active=true`,
        paginate: `limit=${PAGE}&filter.name=$ilike:${NAME_TERM}&filter.born=$btw:${BORN_FROM},${BORN_TO}&filter.active=$eq:${paginateTrue}`,
      },
    },
    {
      id: 'S5',
      filtered: true,
      title: `tag name = "${TAG_NAME}" (to-many)`,
      query: {
        dataTable: `limit=${PAGE}&tags__name=${TAG_NAME}`,
        paginate: `limit=${PAGE}&filter.tags.name=$eq:${TAG_NAME}`,
      },
    },
    {
      id: 'S6',
      filtered: false,
      title: 'ordering by country name, then id',
      query: {
        dataTable: `limit=${PAGE}&ordering=country__name`,
        paginate: `limit=${PAGE}&sortBy=country.name:ASC&sortBy=id:ASC`,
      },
    },
  ];
}
