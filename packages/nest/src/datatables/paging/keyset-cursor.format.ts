import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { KeyValue } from '../model/index.js';
import { isKeyTimeText } from './keyset-time.checks.js';
import { fitsFloatColumn, quoted, type RequestProblems, type FieldSpec, type TableRequest } from '../model/index.js';

/** The parameter of keyset mode: empty for the first page, then the `next` of the previous answer. */
export const CURSOR_PARAMETER = 'cursor';

/** The parts of a request that decide which rows come in which order: what a cursor is only valid for. */
export type CursorScope = Pick<
  TableRequest,
  'ordering' | 'searchTerms' | 'searchFields' | 'filters' | 'conditions' | 'panes'
>;

/** A short digest of the ordering, search, filters, conditions and pane selections of a request. */
export function cursorFingerprint(scope: CursorScope): string {
  const described = JSON.stringify([
    scope.ordering,
    scope.searchTerms,
    scope.searchFields,
    scope.filters,
    scope.conditions,
    scope.panes.selections,
  ]);
  return createHash('sha256').update(described).digest('base64url').slice(0, 22);
}

/** Characters of a cursor's MAC at its end: HMAC-SHA256's 32 bytes in base64url. */
const MAC_CHARACTERS = 43;

/** The MAC of a cursor's body (its base64url text), under the module's `dataTables.cursorSecret`. */
function cursorMac(body: string, secret: string): string {
  return createHmac('sha256', secret).update(`widgetlib keyset cursor\n${body}`).digest('base64url');
}

/**
 * The cursor for the rows after the row whose key values are `values`: URL-safe, opaque to clients,
 * and tamper-evident: its body (the fingerprint and the values) is followed by a keyed MAC of it, so
 * that only a cursor this application made, unchanged, is read back.
 */
export function encodeCursor(values: readonly KeyValue[], fingerprint: string, secret: string): string {
  const body = Buffer.from(JSON.stringify({ f: fingerprint, k: values }), 'utf8').toString('base64url');
  return `${body}${cursorMac(body, secret)}`;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const INTEGER = /^-?\d{1,20}$/;
/** A decimal as the databases write one (never with an exponent). */
const DECIMAL = /^-?\d{1,1000}(\.\d{1,1000})?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
/** Longest text a cursor carries for one key (the query string limit applies too). */
const MAX_KEY_TEXT = 10_000;

/** A key of the cursor's position: what it is called in messages and what it holds. */
export interface CursorKey {
  name: string;
  field: FieldSpec;
}

/** Whether `text` starts with a real calendar day (`yyyy-MM-dd`), and what follows it. */
function calendarDay(text: string): string | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  const real = year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? text.slice(match[0].length) : null;
}

/** Whether `value` can be a value of `field` as the database answers it (see `KeyValue`). */
function fits(value: KeyValue, field: FieldSpec): boolean {
  if (value === null) return true;
  if (field.choices) return field.choices.includes(value as string | number);
  switch (field.kind) {
    case 'integer': {
      const text = typeof value === 'number' ? String(value) : value;
      if (typeof text !== 'string' || !INTEGER.test(text)) return false;
      const [min, max] = field.integerRange ?? [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
      const integer = BigInt(text);
      return integer >= BigInt(min) && integer <= BigInt(max);
    }
    case 'number':
      if (typeof value !== 'number' && (typeof value !== 'string' || !DECIMAL.test(value))) return false;
      return fitsFloatColumn(value, field.float);
    case 'boolean':
      return typeof value === 'boolean' || value === 0 || value === 1;
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
    case 'date':
      return typeof value === 'string' && calendarDay(value) === '';
    case 'datetime': {
      if (typeof value !== 'string') return false;
      const rest = calendarDay(value);
      return rest !== null && isKeyTimeText(rest);
    }
    case 'string':
      return typeof value === 'string' && value.length <= MAX_KEY_TEXT && !value.includes('\u0000');
  }
}

/**
 * The body of a cursor whose MAC is the one `secret` gives; undefined for any other text. The MAC
 * covers the body's text as sent, and is compared as text, so that a changed character anywhere
 * (even one base64url decoding would ignore) makes the cursor another's.
 */
function opened(text: string, secret: string): unknown {
  if (text.length <= MAC_CHARACTERS || !BASE64URL.test(text)) return undefined;
  const body = text.slice(0, -MAC_CHARACTERS);
  const expected = Buffer.from(cursorMac(body, secret), 'latin1');
  if (!timingSafeEqual(Buffer.from(text.slice(-MAC_CHARACTERS), 'latin1'), expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The key values a `cursor` carries (null for an empty cursor: the first page), checked against its
 * MAC under `secret` (see {@link encodeCursor}), the request it comes with (`fingerprint`, see
 * {@link cursorFingerprint}) and the kind of each key; undefined, with a problem naming the
 * parameter, when it does not fit.
 */
export function readCursor(
  problems: RequestProblems,
  text: string,
  fingerprint: string,
  keys: readonly CursorKey[],
  secret: string,
): KeyValue[] | null | undefined {
  if (text === '') return null;
  const cursor = opened(text, secret);
  const body = typeof cursor === 'object' && cursor !== null ? (cursor as Record<string, unknown>) : {};
  const values = body.k;
  if (typeof body.f !== 'string' || !Array.isArray(values)) {
    problems.add(
      `${CURSOR_PARAMETER} ${quoted(text)} is not a cursor of this list, or was altered; send the next of an answer, or empty`,
    );
    return undefined;
  }
  if (body.f !== fingerprint || values.length !== keys.length) {
    problems.add(
      `${CURSOR_PARAMETER} was made for another ordering, search, filters or selection of this list; ` +
        `send it with the parameters of the request it came from, or start again with an empty ${CURSOR_PARAMETER}`,
    );
    return undefined;
  }
  const misfit = keys.findIndex((key, index) => {
    const value = values[index] as unknown;
    const scalar = value === null || ['string', 'number', 'boolean'].includes(typeof value);
    return !scalar || !fits(value as KeyValue, key.field);
  });
  if (misfit >= 0) {
    problems.add(`${CURSOR_PARAMETER} holds a value for ${keys[misfit]!.name} that it cannot have`);
    return undefined;
  }
  return values as KeyValue[];
}
