import { SAVED_VIEW_TABLE_ID_PATTERN } from '../saved-views/saved-view.constants.js';

export interface LiveRequest {
  tables: string[];
  /** The id of the last event the client received: the `Last-Event-ID` header, or `last_event_id`. */
  lastEventId: string | null;
}

const PARAMETERS = new Set(['tables', 'last_event_id']);
const MAX_EVENT_ID_LENGTH = 64;

/**
 * A stream's request: `tables` (ids separated by commas, or repeated) and `last_event_id` in the
 * query string. Answers every problem at once, or the request.
 */
export function parseLiveRequest(
  query: Record<string, unknown>,
  header: unknown,
  maxTables: number,
): LiveRequest | { problems: string[] } {
  const problems: string[] = [];
  for (const name of Object.keys(query)) {
    if (!PARAMETERS.has(name)) problems.push(`${JSON.stringify(name.slice(0, 40))} is not a parameter of the stream`);
  }
  const raw = query.tables;
  const values = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : [];
  const tables = [...new Set(values.flatMap((value) => (typeof value === 'string' ? value.split(',') : [null])))];
  if (raw === undefined || tables.length === 0 || (tables.length === 1 && tables[0] === '')) {
    problems.push('tables is required: the ids of the live tables, separated by commas');
  } else if (tables.some((table) => table === null || !SAVED_VIEW_TABLE_ID_PATTERN.test(table))) {
    problems.push('tables must be ids of 1 to 100 letters, digits, -, _ or ., separated by commas');
  } else if (tables.length > maxTables) {
    problems.push(`tables names at most ${maxTables} tables, got ${tables.length}`);
  }
  const sent = query.last_event_id ?? (typeof header === 'string' ? header : undefined);
  if (sent !== undefined && (typeof sent !== 'string' || sent.length > MAX_EVENT_ID_LENGTH)) {
    problems.push(`last_event_id must be a text of at most ${MAX_EVENT_ID_LENGTH} characters`);
  }
  if (problems.length > 0) return { problems };
  return { tables: tables as string[], lastEventId: typeof sent === 'string' ? sent : null };
}
