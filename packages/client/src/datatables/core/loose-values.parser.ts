// DataTables and its extensions hand over loosely typed values: lists as arrays or as objects with
// numbered keys, numbers and booleans where text is meant.

/** A plain object's members, for reading a loosely typed value. */
export type Plain = Record<string, unknown>;

export function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list sent as an array or as an object with numbered keys (`{0: 'a', 1: 'b'}`), in index order. */
export function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (!isPlain(value)) return [];
  return Object.keys(value)
    .filter((key) => /^\d+$/.test(key))
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => value[key]);
}

/** A string, number or boolean as text; undefined for anything else. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}
