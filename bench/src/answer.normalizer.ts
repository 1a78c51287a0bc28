import { isPaginate, type Implementation } from './implementations.js';

/** What must be identical in every implementation's answer: the count, the ids and their relations. */
export interface NormalizedAnswer {
  count: number;
  rows: { id: number; country: number | null; tags: number[] }[];
}

interface RowLike {
  id: number;
  country?: { id: number } | null;
  tags?: { id: number }[];
}

function rows(data: RowLike[]): NormalizedAnswer['rows'] {
  return data.map((row) => ({
    id: row.id,
    country: row.country?.id ?? null,
    tags: (row.tags ?? []).map((tag) => tag.id).sort((a, b) => a - b),
  }));
}

export function normalizeAnswer(implementation: Implementation, body: unknown): NormalizedAnswer {
  if (isPaginate(implementation)) {
    const answer = body as { data: RowLike[]; meta: { totalItems: number } };
    return { count: answer.meta.totalItems, rows: rows(answer.data) };
  }
  const answer = body as { data: RowLike[]; recordsFiltered: number };
  return { count: answer.recordsFiltered, rows: rows(answer.data) };
}

/** `null` when equal, otherwise the first difference in words. */
export function differences(expected: NormalizedAnswer, actual: NormalizedAnswer): string | null {
  if (expected.count !== actual.count) return `count ${actual.count}, expected ${expected.count}`;
  const expectedIds = expected.rows.map((row) => row.id).join(',');
  const actualIds = actual.rows.map((row) => row.id).join(',');
  if (expectedIds !== actualIds) return `ids [${actualIds}], expected [${expectedIds}]`;
  for (const [index, row] of actual.rows.entries()) {
    const reference = expected.rows[index];
    if (row.country !== reference.country)
      return `row ${row.id}: country ${row.country}, expected ${reference.country}`;
    if (row.tags.join(',') !== reference.tags.join(',')) {
      return `row ${row.id}: tags [${row.tags.join(',')}], expected [${reference.tags.join(',')}]`;
    }
  }
  return null;
}
