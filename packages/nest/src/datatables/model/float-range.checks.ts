/** The binary floating-point column a `number` field compares with (absent: a decimal column). */
export type FloatPrecision = 'single' | 'double';

/**
 * Whether a column of `precision` reads `value` (a number, or a decimal's text) as PostgreSQL does:
 * one that overflows it, or that is not zero and rounds to zero (`1e39` or `1e-50` for a `real`,
 * 400 digits for a `double precision`), is an error there ("out of range for type real"). A
 * decimal column takes any finite value.
 */
export function fitsFloatColumn(value: number | string, precision: FloatPrecision | undefined): boolean {
  const number = typeof value === 'number' ? value : Number(value);
  if (precision === undefined) return typeof value === 'string' || Number.isFinite(number);
  const rounded = precision === 'single' ? Math.fround(number) : number;
  const zero = typeof value === 'number' ? value === 0 : !/[1-9]/.test(value);
  return Number.isFinite(rounded) && (rounded !== 0 || zero);
}
