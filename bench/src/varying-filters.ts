/**
 * The filter values of S4b's requests: a name fragment, a 10-year birth range and `active`, other
 * values on every request so that no count cache can answer its filtered count.
 */
export interface FilterValues {
  nameContains: string;
  bornFrom: string;
  bornTo: string;
  active: boolean;
}

/** Fragments that 1-13 % of the generated names contain (`son` is S4's). */
export const NAME_FRAGMENTS: readonly string[] = [
  'son',
  'mar',
  'and',
  'ill',
  'ric',
  'ber',
  'ell',
  'ame',
  'her',
  'ris',
  'ard',
  'ter',
  'ste',
  'ers',
  'ohn',
  'wil',
  'tho',
  'gar',
  'man',
  'lin',
];
const DAY_MS = 86_400_000;
/** The generated birth dates: 1940-01-01 plus 0 to 24 799 days (`data/postgres.seed.ts`). */
const FIRST_BIRTH_DAY = Date.UTC(1940, 0, 1);
const BIRTH_DAYS = 24_800;
export const RANGE_YEARS = 10;
/** First days of a range that ends within the generated dates. */
const RANGE_STARTS = BIRTH_DAYS - (RANGE_YEARS * 365 + 3);
/** How many requests have distinct values. */
export const DISTINCT_FILTER_VALUES = 2 * NAME_FRAGMENTS.length * RANGE_STARTS;
/**
 * Coprime to DISTINCT_FILTER_VALUES (2^3 * 3 * 5 * 7 * 19 * 53): `n * SPREAD` modulo it visits every
 * combination once, and consecutive requests get far-apart fragments and dates.
 */
const SPREAD = 7_919;

function isoDate(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The values of the `n`-th request: distinct for every `n` below DISTINCT_FILTER_VALUES. */
export function filterValues(n: number): FilterValues {
  const combination = (n * SPREAD) % DISTINCT_FILTER_VALUES;
  const from = new Date(FIRST_BIRTH_DAY + Math.floor(combination / (2 * NAME_FRAGMENTS.length)) * DAY_MS);
  const to = Date.UTC(from.getUTCFullYear() + RANGE_YEARS, from.getUTCMonth(), from.getUTCDate() - 1);
  return {
    nameContains: NAME_FRAGMENTS[Math.floor(combination / 2) % NAME_FRAGMENTS.length],
    bornFrom: isoDate(from.getTime()),
    bornTo: isoDate(to),
    active: combination % 2 === 0,
  };
}
