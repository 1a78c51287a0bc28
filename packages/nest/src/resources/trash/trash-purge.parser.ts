import { TrashPurgeValueError } from './trash.errors.js';

/** The `purge` query parameter of a delete: absent or `false`, to the trash; `true`, for good; anything else a 400. */
export function parsePurge(value: unknown): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new TrashPurgeValueError();
}
