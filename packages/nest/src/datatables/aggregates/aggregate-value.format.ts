import type { AggregateValue, DataTableAggregateValues } from '../model/index.js';
import type { AggregateColumn } from './aggregate-declaration.parser.js';

/** Decimal places an average has beyond its column's. */
export const AVERAGE_EXTRA_SCALE = 4;

/** The selection names of one column's aggregates in a statement. */
export function selectionNames(alias: string): { count: string; sum: string; min: string; max: string } {
  return { count: `${alias}_n`, sum: `${alias}_s`, min: `${alias}_lo`, max: `${alias}_hi` };
}

/** A whole number of 10^-scale units as a decimal text with `scale` places. */
export function scaledText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${whole}` : whole;
}

/** `units` / `count` rounded half away from zero to `extra` more decimal places. */
export function scaledAverage(units: bigint, count: bigint, scale: number, extra = AVERAGE_EXTRA_SCALE): string {
  const numerator = units * 10n ** BigInt(extra);
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / count;
  if ((magnitude % count) * 2n >= count) quotient += 1n;
  return scaledText(negative ? -quotient : quotient, scale + extra);
}

function wholeUnits(raw: unknown): bigint | null {
  if (raw === null || raw === undefined) return null;
  const text = String(raw).trim();
  // Some servers answer a whole-number text with a zero fraction ("123.000").
  const match = /^(-?\d+)(?:\.0*)?$/.exec(text);
  if (!match) throw new Error(`aggregate value ${text} is not a whole number of units`);
  return BigInt(match[1]!);
}

/** An integer column's value: a number, or its text past 2^53. */
function integerValue(units: bigint): number | string {
  const value = Number(units);
  return Number.isSafeInteger(value) ? value : units.toString();
}

function exactValue(column: AggregateColumn, units: bigint | null): AggregateValue {
  if (units === null) return null;
  return column.number === 'integer' ? integerValue(units) : scaledText(units, column.scale);
}

function floatValue(raw: unknown): number | null {
  return raw === null || raw === undefined ? null : Number(raw);
}

/** A stored date or date-time as the entity holds it (TypeORM's driver reads the stored text). */
export type TemporalHydrator = (stored: unknown, column: AggregateColumn) => unknown;

/**
 * A date's bound as ISO 8601, as rows carry it: `yyyy-MM-dd` for a date, the instant in UTC for a
 * date-time; null for none.
 */
function temporalValue(column: AggregateColumn, raw: unknown, hydrate: TemporalHydrator): string | null {
  if (raw === null || raw === undefined) return null;
  const value = hydrate(raw, column);
  if (column.number === 'date') {
    const text = value instanceof Date ? value.toISOString() : String(value);
    return text.slice(0, 10);
  }
  const instant = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(instant.getTime())) throw new Error(`aggregate value ${String(raw)} is not a date-time`);
  return instant.toISOString();
}

/**
 * One column's declared aggregates from a statement's row (`row[<alias>_n]` and so on), as the
 * answer writes them (see `DataTableOptions.aggregates`); `hydrate` reads a date column's bounds.
 */
export function aggregateValues(
  column: AggregateColumn,
  row: Record<string, unknown>,
  hydrate: TemporalHydrator = (stored) => stored,
): DataTableAggregateValues {
  const names = selectionNames(column.alias);
  const count = Number(row[names.count] ?? 0);
  const values: DataTableAggregateValues = {};
  const exact = column.number === 'integer' || column.number === 'decimal';
  for (const name of column.functions) {
    switch (name) {
      case 'count':
        values.count = count;
        break;
      case 'sum':
        values.sum = exact ? exactValue(column, wholeUnits(row[names.sum]) ?? 0n) : (floatValue(row[names.sum]) ?? 0);
        break;
      case 'avg': {
        if (count === 0) values.avg = null;
        else if (!exact) values.avg = floatValue(row[names.sum])! / count;
        else values.avg = scaledAverage(wholeUnits(row[names.sum]) ?? 0n, BigInt(count), column.scale);
        break;
      }
      case 'min':
      case 'max': {
        const raw = row[names[name]];
        if (column.number === 'date' || column.number === 'datetime')
          values[name] = temporalValue(column, raw, hydrate);
        else values[name] = exact ? exactValue(column, wholeUnits(raw)) : floatValue(raw);
        break;
      }
    }
  }
  return values;
}
