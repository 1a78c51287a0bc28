/**
 * The query parameters the hand-written SQL endpoint understands: the subset of widgetlib's
 * data-table parameters that the scenarios use, parsed by hand as a host without a library would.
 */
export const ORDER_COLUMNS = {
  id: 'p.id',
  name: 'p.name',
  email: 'p.email',
  born: 'p.born',
  createdAt: 'p.created_at',
  country__name: 'c.name',
} as const;
export type OrderField = keyof typeof ORDER_COLUMNS;

export interface PeopleQuery {
  limit: number;
  offset: number;
  searchTerms: string[];
  ordering: { field: OrderField; descending: boolean }[];
  nameContains: string | null;
  born: { from: string | null; to: string | null } | null;
  active: boolean | null;
  tagName: string | null;
}

export class PeopleQueryError extends Error {}

const PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

type RawQuery = Record<string, unknown>;

function single(query: RawQuery, name: string): string | null {
  const value = query[name];
  if (value === undefined) return null;
  if (typeof value !== 'string') throw new PeopleQueryError(`${name} must be given once`);
  return value;
}

function integer(query: RawQuery, name: string, fallback: number, min: number): number {
  const text = single(query, name);
  if (text === null) return fallback;
  if (!/^-?\d+$/.test(text) || Number(text) < min) throw new PeopleQueryError(`${name} must be an integer >= ${min}`);
  return Number(text);
}

function date(text: string, name: string): string | null {
  if (text === '') return null;
  if (!ISO_DATE.test(text)) throw new PeopleQueryError(`${name} bounds must be yyyy-MM-dd`);
  return text;
}

export function parsePeopleQuery(query: RawQuery): PeopleQuery {
  const ordering = (single(query, 'ordering') ?? 'id')
    .split(',')
    .filter(Boolean)
    .map((key) => {
      const descending = key.startsWith('-');
      const field = descending ? key.slice(1) : key;
      if (!Object.hasOwn(ORDER_COLUMNS, field)) {
        throw new PeopleQueryError(`ordering: ${field} is not one of ${Object.keys(ORDER_COLUMNS).join(', ')}`);
      }
      return { field: field as OrderField, descending };
    });
  const bornRange = single(query, 'born__range');
  let born: PeopleQuery['born'] = null;
  if (bornRange !== null) {
    const bounds = bornRange.split(',');
    if (bounds.length !== 2) throw new PeopleQueryError('born__range must be <from>,<to>');
    born = { from: date(bounds[0], 'born__range'), to: date(bounds[1], 'born__range') };
  }
  const active = single(query, 'active');
  if (active !== null && !['true', 'false'].includes(active))
    throw new PeopleQueryError('active must be true or false');
  return {
    limit: Math.min(integer(query, 'limit', PAGE_SIZE, 1), MAX_PAGE_SIZE),
    offset: integer(query, 'offset', 0, 0),
    searchTerms: (single(query, 'search') ?? '').split(/\s+/).filter(Boolean),
    ordering,
    nameContains: single(query, 'name__icontains') || null,
    born,
    active: active === null ? null : active === 'true',
    tagName: single(query, 'tags__name'),
  };
}
