import { DateTime } from 'luxon';
import {
  LOOKUPS,
  filterParameterName,
  listed,
  quoted,
  type ClientCompatibility,
  type FieldSpec,
  type Lookup,
  type RequestProblems,
} from '../model/index.js';

/**
 * How a bare filter name (`<path>=<value>`) reads under a client compatibility mode: ignored (the
 * answer lists it), a range given as `<from> - <to>` (its bounds as `<from>,<to>` in ISO 8601), or
 * the `exact` lookup as in strict mode.
 */
export type BareFilterReading = { kind: 'ignored' } | { kind: 'range'; text: string } | { kind: 'exact' };

/** `<from> - <to>`: the separator is a hyphen with white space on both sides, so ISO dates stay whole. */
const DATE_RANGE = /^\s*(\S.*?)\s+-\s+(\S.*?)\s*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `text` as an ISO date if it is one in `format` or in ISO 8601; undefined otherwise. */
function isoDay(text: string, format: string): string | undefined {
  const inFormat = DateTime.fromFormat(text, format, { zone: 'UTC' });
  if (inFormat.isValid) return inFormat.toISODate()!;
  const iso = ISO_DATE.test(text) ? DateTime.fromISO(text, { zone: 'UTC' }) : null;
  return iso?.isValid ? text : undefined;
}

/** A bound of a date-time range: a wall time in `datetimeFormat`, a day in `dateFormat`, or the text as sent (ISO). */
function dateTimeBound(text: string, compatibility: ClientCompatibility): string {
  const wallTime = DateTime.fromFormat(text, compatibility.datetimeFormat, { zone: 'UTC' });
  if (wallTime.isValid) return wallTime.toFormat("yyyy-MM-dd'T'HH:mm:ss");
  return isoDay(text, compatibility.dateFormat) ?? text;
}

/**
 * Reads a bare filter name the way djgentelella's Django server did (django-filter and its
 * date-range filter): a bare name sent beside a lookup of the same path with the same value is the
 * lookup's echo, ignored; a date or date-time path that allows `range` reads `<from> - <to>` in the
 * module's date formats or ISO 8601; a bare name whose path does not allow `exact` is ignored.
 * Undefined (with a problem) when a range's bounds do not read.
 */
export function readBareFilter(
  name: string,
  text: string,
  allowed: readonly Lookup[],
  field: FieldSpec,
  sentValues: (parameter: string) => readonly string[],
  compatibility: ClientCompatibility,
  problems: RequestProblems,
): BareFilterReading | undefined {
  const echoed = LOOKUPS.find(
    (lookup) => lookup !== 'exact' && sentValues(filterParameterName(name, lookup)).includes(text),
  );
  if (echoed !== undefined) {
    problems.ignore(`${name}: ignored, sent with ${filterParameterName(name, echoed)} of the same value`);
    return { kind: 'ignored' };
  }
  const range = DATE_RANGE.exec(text);
  if (range && allowed.includes('range') && (field.kind === 'date' || field.kind === 'datetime')) {
    const fromText = range[1]!;
    const toText = range[2]!;
    if (field.kind === 'datetime') {
      return {
        kind: 'range',
        text: `${dateTimeBound(fromText, compatibility)},${dateTimeBound(toText, compatibility)}`,
      };
    }
    const from = isoDay(fromText, compatibility.dateFormat);
    const to = isoDay(toText, compatibility.dateFormat);
    if (from === undefined || to === undefined) {
      problems.add(
        `${name} must be a date range as <from> - <to>, each date as ${compatibility.dateFormat} or yyyy-MM-dd, ` +
          `got ${quoted(text)}`,
      );
      return undefined;
    }
    return { kind: 'range', text: `${from},${to}` };
  }
  if (!allowed.includes('exact')) {
    const parameters = allowed.map((lookup) => filterParameterName(name, lookup));
    problems.ignore(`${name}: ignored, ${name} has no exact lookup (allowed: ${listed(parameters)})`);
    return { kind: 'ignored' };
  }
  return { kind: 'exact' };
}
