import { ENDPOINTS, isPaginate, type Implementation } from './implementations.js';
import { filterValues, NAME_FRAGMENTS, RANGE_YEARS, type FilterValues } from './varying-filters.js';

/** One request in the parameters of widgetlib (which the hand-written SQL parses too) and of nestjs-paginate. */
export interface ScenarioQuery {
  dataTable: string;
  paginate: string;
}

export interface Scenario {
  id: string;
  title: string;
  /** Whether the request filters or searches (then widgetlib's exact `recordsTotal` is a count of its own). */
  filtered: boolean;
  /** Whether every request differs from the one before (other values, another page). */
  varies: boolean;
  /** The query of the scenario's `n`-th request (the same for every `n` unless the scenario `varies`). */
  query(n: number): ScenarioQuery;
}

export function requestPath(scenario: Scenario, implementation: Implementation, n: number): string {
  const query = scenario.query(n);
  return `${ENDPOINTS[implementation]}?${isPaginate(implementation) ? query.paginate : query.dataTable}`;
}

/**
 * The paths one implementation requests in a scenario, in turn from the scenario's first request:
 * every implementation sends the same requests in the same order, and one that has taken a request
 * (identity check, probe, load run) never sends it again, unless the scenario repeats it itself.
 */
export function requestSequence(scenario: Scenario, implementation: Implementation): () => string {
  let sent = 0;
  return () => requestPath(scenario, implementation, sent++);
}

const PAGE = 10;
/** S7 pages through the first 100 pages of S4's result, then starts again (S4 matches 1 541 of 100 000 people). */
export const PAGED_PAGES = 100;
/** 1-5 % of the people match it in name, e-mail or country name (the generated data's distributions). */
export const SEARCH_TERM = 'lin';
export const NAME_TERM = 'son';
export const BORN_FROM = '1980-01-01';
export const BORN_TO = '1989-12-31';
export const TAG_NAME = 'fashion';

/** The same query for every request. */
const fixed = (query: ScenarioQuery) => () => query;

/**
 * S1-S6 of issue 8, S4b and S7 of issue 14, S8 of issue 29, over `people` rows: S2's offset is half of
 * them (500 000 on the full dataset), S8 reads the last page (DataTables' "Last" button).
 * nestjs-paginate passes a filter value through as text: on SQLite, which keeps booleans as 0/1, its
 * users filter a boolean with `$eq:1`.
 */
export function scenarios(people: number, database: 'postgres' | 'sqlite'): Scenario[] {
  const deepOffset = people / 2;
  const lastOffset = Math.max(0, people - PAGE);
  const paginateBoolean = (value: boolean) => (database === 'sqlite' ? String(Number(value)) : String(value));
  const filters = (values: FilterValues): ScenarioQuery => ({
    dataTable:
      `name__icontains=${values.nameContains}&born__range=${values.bornFrom},${values.bornTo}` +
      `&active=${values.active}`,
    paginate:
      `filter.name=$ilike:${values.nameContains}&filter.born=$btw:${values.bornFrom},${values.bornTo}` +
      `&filter.active=$eq:${paginateBoolean(values.active)}`,
  });
  const s4Filters = filters({ nameContains: NAME_TERM, bornFrom: BORN_FROM, bornTo: BORN_TO, active: true });
  const firstPage = (query: ScenarioQuery): ScenarioQuery => ({
    dataTable: `limit=${PAGE}&${query.dataTable}`,
    paginate: `limit=${PAGE}&${query.paginate}`,
  });
  const page = (offset: number, query: ScenarioQuery): ScenarioQuery => ({
    dataTable: `limit=${PAGE}&offset=${offset}&${query.dataTable}`,
    paginate: `limit=${PAGE}&page=${offset / PAGE + 1}&${query.paginate}`,
  });
  return [
    {
      id: 'S1',
      filtered: false,
      varies: false,
      title: 'first page, default ordering, no filter',
      query: fixed({ dataTable: `limit=${PAGE}&offset=0`, paginate: `limit=${PAGE}&page=1` }),
    },
    {
      id: 'S2',
      filtered: false,
      varies: false,
      title: `offset ${deepOffset.toLocaleString('en')}`,
      query: fixed({
        dataTable: `limit=${PAGE}&offset=${deepOffset}`,
        paginate: `limit=${PAGE}&page=${deepOffset / PAGE + 1}`,
      }),
    },
    {
      id: 'S3',
      filtered: true,
      varies: false,
      title: `search "${SEARCH_TERM}" in name, email, country name`,
      query: fixed({
        dataTable: `limit=${PAGE}&search=${SEARCH_TERM}`,
        paginate: `limit=${PAGE}&search=${SEARCH_TERM}`,
      }),
    },
    {
      id: 'S4',
      filtered: true,
      varies: false,
      title: `name icontains "${NAME_TERM}", born ${BORN_FROM}..${BORN_TO}, active`,
      query: fixed(firstPage(s4Filters)),
    },
    {
      id: 'S4b',
      filtered: true,
      varies: true,
      title:
        `S4's filters with other values on every request: name icontains one of ${NAME_FRAGMENTS.length} fragments, ` +
        `born in a ${RANGE_YEARS}-year range, active or not`,
      query: (n) => firstPage(filters(filterValues(n))),
    },
    {
      id: 'S5',
      filtered: true,
      varies: false,
      title: `tag name = "${TAG_NAME}" (to-many)`,
      query: fixed({
        dataTable: `limit=${PAGE}&tags__name=${TAG_NAME}`,
        paginate: `limit=${PAGE}&filter.tags.name=$eq:${TAG_NAME}`,
      }),
    },
    {
      id: 'S6',
      filtered: false,
      varies: false,
      title: 'ordering by country name, then id',
      query: fixed({
        dataTable: `limit=${PAGE}&ordering=country__name`,
        paginate: `limit=${PAGE}&sortBy=country.name:ASC&sortBy=id:ASC`,
      }),
    },
    {
      id: 'S7',
      filtered: true,
      varies: true,
      title: `paging through S4's result: offsets 0, ${PAGE}, ${2 * PAGE} ... ${(PAGED_PAGES - 1) * PAGE} in turn`,
      query: (n) => page((n % PAGED_PAGES) * PAGE, s4Filters),
    },
    {
      id: 'S8',
      filtered: false,
      varies: false,
      title: `last page (offset ${lastOffset.toLocaleString('en')}), default ordering`,
      query: fixed({
        dataTable: `limit=${PAGE}&offset=${lastOffset}`,
        paginate: `limit=${PAGE}&page=${lastOffset / PAGE + 1}`,
      }),
    },
  ];
}
