import { DateTime } from 'luxon';
import { parseBooleanWord } from '#rules/boolean-words.js';
import { MAX_UTC_OFFSET_HOURS, utcOffsetInRange } from '../../common/utc-offset.checks.js';
import {
  fitsFloatColumn,
  MAX_TEXT_LENGTH,
  listed,
  quoted,
  type RequestProblems,
  type Bound,
  type FieldSpec,
  type FilterValue,
  type Lookup,
  type Predicate,
} from '../model/index.js';

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME_START = /^\d{4}-\d{2}-\d{2}[T ]/;

/** An integer parameter within `min`..`max`; otherwise a problem saying what is `allowed`. */
export function readInteger(
  problems: RequestProblems,
  name: string,
  text: string,
  min: number,
  max: number,
  allowed: string,
): number | undefined {
  const value = INTEGER.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    problems.add(`${name} must be ${allowed}, got ${quoted(text)}`);
    return undefined;
  }
  return value;
}

/** A text parameter of at most {@link MAX_TEXT_LENGTH} characters and no NUL. */
export function readText(problems: RequestProblems, name: string, text: string): string | undefined {
  if (text.length > MAX_TEXT_LENGTH) {
    problems.add({ code: 'table.text-too-long', params: { name, max: MAX_TEXT_LENGTH, length: text.length } });
    return undefined;
  }
  if (text.includes('\u0000')) {
    problems.add({ code: 'table.text-nul', params: { name } });
    return undefined;
  }
  return text;
}

/** A comparison of SearchBuilder or ColumnControl. */
export type Comparison = '<' | '<=' | '>' | '>=';

/** The half-open range a comparison with `value` keeps. */
function compared(operator: Comparison, value: FilterValue): Predicate {
  const bound = { value, inclusive: operator.endsWith('=') };
  return operator.startsWith('<')
    ? { kind: 'between', lower: null, upper: bound }
    : { kind: 'between', lower: bound, upper: null };
}

/** A date-time filter value: one instant, or a whole day of the configured time zone. */
type DateTimeValue = { instant: Date } | { dayStart: Date; nextDayStart: Date };

/**
 * Reads the value of a column filter as the field's type compares it: numbers, booleans, dates,
 * date-times read in the endpoint's time zone (a date standing for its whole day), enum choices.
 */
export class FilterValueParser {
  constructor(
    private readonly problems: RequestProblems,
    /** IANA zone in which a date-time without offset, or a date bound, is read. */
    private readonly timezone: string,
    private readonly maxInValues: number,
  ) {}

  /** The condition a filter parameter asks for, or `undefined` (and a problem) when its value does not read. */
  predicate(name: string, lookup: Lookup, text: string, field: FieldSpec): Predicate | undefined {
    switch (lookup) {
      case 'exact': {
        if (field.kind === 'datetime') {
          const value = this.dateTime(name, text);
          if (value === undefined) return undefined;
          return 'instant' in value
            ? { kind: 'equals', value: value.instant }
            : {
                kind: 'between',
                lower: { value: value.dayStart, inclusive: true },
                upper: { value: value.nextDayStart, inclusive: false },
              };
        }
        const value = this.value(name, text, field);
        return value === undefined ? undefined : { kind: 'equals', value };
      }
      case 'icontains': {
        const value = readText(this.problems, name, text);
        return value === undefined ? undefined : { kind: 'contains', text: value };
      }
      case 'gte': {
        const lower = this.bound(name, text, field, 'lower');
        return lower ? { kind: 'between', lower, upper: null } : undefined;
      }
      case 'lte': {
        const upper = this.bound(name, text, field, 'upper');
        return upper ? { kind: 'between', lower: null, upper } : undefined;
      }
      case 'range': {
        const parts = text.split(',');
        if (parts.length !== 2) {
          this.problems.add({ code: 'table.range-format', params: { name, value: quoted(text) } });
          return undefined;
        }
        const [fromText, toText] = parts.map((part) => part.trim()) as [string, string];
        const lower = fromText ? this.bound(name, fromText, field, 'lower') : null;
        const upper = toText ? this.bound(name, toText, field, 'upper') : null;
        if (lower === undefined || upper === undefined || (!lower && !upper)) return undefined;
        return { kind: 'between', lower, upper };
      }
      case 'in': {
        const items = text.split(',').map((item) => (field.kind === 'string' ? item : item.trim()));
        return this.oneOf(
          name,
          items.filter((item) => item !== ''),
          field,
          'table.too-many-listed-values',
        );
      }
      case 'isnull': {
        const isNull = parseBooleanWord(text);
        if (isNull === undefined) {
          this.problems.add({ code: 'table.not-boolean', params: { name, value: quoted(text) } });
          return undefined;
        }
        return { kind: 'isNull', isNull };
      }
    }
  }

  /** One of `items` (each read as the field's type), at most `maxInValues` of them; undefined for none. */
  oneOf(
    name: string,
    items: readonly string[],
    field: FieldSpec,
    tooMany: 'table.too-many-values' | 'table.too-many-listed-values' = 'table.too-many-values',
  ): Predicate | undefined {
    const { maxInValues } = this;
    if (items.length > maxInValues) {
      this.problems.add({ code: tooMany, params: { name, max: maxInValues, count: items.length } });
      return undefined;
    }
    const values: FilterValue[] = [];
    for (const item of items) {
      if (field.kind === 'datetime') {
        const value = this.dateTime(name, item);
        if (value && !('instant' in value)) {
          this.problems.add({ code: 'table.datetime-needs-time', params: { name, value: quoted(item) } });
          return undefined;
        }
        if (!value) return undefined;
        values.push(value.instant);
      } else {
        const value = this.value(name, item, field);
        if (value === undefined) return undefined;
        values.push(value);
      }
    }
    return values.length > 0 ? { kind: 'oneOf', values } : undefined;
  }

  /**
   * `< <= > >=` a value; a date given for a date-time field stands for its whole day (`<` a day:
   * before it starts; `>` a day: after it ends).
   */
  comparison(name: string, operator: Comparison, text: string, field: FieldSpec): Predicate | undefined {
    if (field.kind !== 'datetime') {
      const value = this.value(name, text, field);
      return value === undefined ? undefined : compared(operator, value);
    }
    const value = this.dateTime(name, text);
    if (!value) return undefined;
    if ('instant' in value) return compared(operator, value.instant);
    switch (operator) {
      case '<':
        return compared('<', value.dayStart);
      case '<=':
        return compared('<', value.nextDayStart);
      case '>':
        return compared('>=', value.nextDayStart);
      case '>=':
        return compared('>=', value.dayStart);
    }
  }

  /** Inclusive `from`..`to`, in whichever order they come; dates of a date-time field cover their whole days. */
  between(name: string, fromText: string, toText: string, field: FieldSpec): Predicate | undefined {
    let lower = this.bound(name, fromText, field, 'lower');
    let upper = this.bound(name, toText, field, 'upper');
    if (!lower || !upper) return undefined;
    if (lower.value > upper.value) {
      lower = this.bound(name, toText, field, 'lower')!;
      upper = this.bound(name, fromText, field, 'upper')!;
    }
    return { kind: 'between', lower, upper };
  }

  /** A `gte`/`lte`/`range` bound; a date given for a date-time field covers that whole day. */
  private bound(name: string, text: string, field: FieldSpec, side: 'lower' | 'upper'): Bound | undefined {
    if (field.kind !== 'datetime') {
      const value = this.value(name, text, field);
      return value === undefined ? undefined : { value, inclusive: true };
    }
    const value = this.dateTime(name, text);
    if (value === undefined) return undefined;
    if ('instant' in value) return { value: value.instant, inclusive: true };
    return side === 'lower'
      ? { value: value.dayStart, inclusive: true }
      : { value: value.nextDayStart, inclusive: false };
  }

  private value(name: string, text: string, field: FieldSpec): FilterValue | undefined {
    if (readText(this.problems, name, text) === undefined) return undefined;
    const value = this.typedValue(name, text, field);
    if (value === undefined || !field.choices) return value;
    const choice = field.choices.find((each) => String(each) === String(value));
    if (choice === undefined) {
      const choices = listed(field.choices.map(String));
      this.problems.add({ code: 'table.not-a-choice', params: { name, choices, value: quoted(text) } });
    }
    return choice;
  }

  private typedValue(name: string, text: string, field: FieldSpec): FilterValue | undefined {
    switch (field.kind) {
      case 'string':
        return text;
      case 'uuid':
        if (UUID.test(text)) return text.toLowerCase();
        this.problems.add({ code: 'table.not-uuid', params: { name, value: quoted(text) } });
        return undefined;
      case 'integer': {
        const [min, max] = field.integerRange ?? [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
        const trimmed = text.trim();
        const value = INTEGER.test(trimmed) ? Number(trimmed) : Number.NaN;
        if (Number.isSafeInteger(value) && value >= min && value <= max) return value;
        this.problems.add({ code: 'table.not-integer', params: { name, min, max, value: quoted(trimmed) } });
        return undefined;
      }
      case 'number': {
        const value = DECIMAL.test(text.trim()) ? Number(text) : Number.NaN;
        if (Number.isFinite(value) && fitsFloatColumn(value, field.float)) return value;
        this.problems.add(
          Number.isFinite(value)
            ? {
                code: 'table.number-out-of-range',
                params: { name, precision: { code: `table.${field.float!}-precision` as const }, value: quoted(text) },
              }
            : { code: 'table.not-number', params: { name, value: quoted(text) } },
        );
        return undefined;
      }
      case 'boolean': {
        const value = parseBooleanWord(text.trim());
        if (value === undefined)
          this.problems.add({ code: 'table.not-boolean', params: { name, value: quoted(text) } });
        return value;
      }
      case 'date': {
        const date = ISO_DATE.test(text) ? DateTime.fromISO(text, { zone: 'UTC' }) : null;
        if (date?.isValid && date.year >= 1) return text;
        this.problems.add({ code: 'table.not-date', params: { name, value: quoted(text) } });
        return undefined;
      }
      case 'datetime': {
        const value = this.dateTime(name, text);
        return value && 'instant' in value ? value.instant : undefined;
      }
    }
  }

  private dateTime(name: string, text: string): DateTimeValue | undefined {
    if (readText(this.problems, name, text) === undefined) return undefined;
    const zone = this.timezone;
    if (ISO_DATE.test(text)) {
      const day = DateTime.fromISO(text, { zone });
      if (day.isValid && day.year >= 1 && day.year <= 9999) {
        const dayStart = day.startOf('day');
        return { dayStart: dayStart.toJSDate(), nextDayStart: dayStart.plus({ days: 1 }).startOf('day').toJSDate() };
      }
    } else if (ISO_DATE_TIME_START.test(text)) {
      const instant = DateTime.fromISO(text.replace(' ', 'T'), { zone });
      const offsetInRange = utcOffsetInRange(text);
      if (instant.isValid && offsetInRange && instant.year >= 1 && instant.year <= 9999) {
        return { instant: instant.toJSDate() };
      }
      if (instant.isValid && !offsetInRange) {
        this.problems.add({
          code: 'table.datetime-offset',
          params: { name, value: quoted(text), hours: MAX_UTC_OFFSET_HOURS },
        });
        return undefined;
      }
    }
    this.problems.add({ code: 'table.not-datetime', params: { name, zone, value: quoted(text) } });
    return undefined;
  }
}
