/** What a count of the envelope is: exact, the database's estimate, or a cap that more rows match. */
export type CountKind = 'exact' | 'estimated' | 'capped';

/** The envelope's `counts`: present when a count is not exact. */
export interface EnvelopeCounts {
  recordsTotal: CountKind;
  recordsFiltered: CountKind;
}

/** The list endpoint's envelope (spec 2.3). */
export interface DataTableEnvelope {
  data: unknown[];
  recordsTotal: number;
  recordsFiltered: number;
  draw: number;
  counts?: EnvelopeCounts;
  /** Any other member (the search extensions' `searchPanes`, `columnControl`), handed to DataTables as sent. */
  [member: string]: unknown;
}

const COUNT_KINDS: readonly string[] = ['exact', 'estimated', 'capped'];
const ENVELOPE_MEMBERS: readonly string[] = ['data', 'recordsTotal', 'recordsFiltered', 'draw', 'counts'];

/** The envelope when `body` is one, otherwise `null`. */
export function parseEnvelope(body: unknown): DataTableEnvelope | null {
  if (!isRecord(body) || !Array.isArray(body.data)) return null;
  const { recordsTotal, recordsFiltered } = body;
  if (!isCount(recordsTotal) || !isCount(recordsFiltered)) return null;
  const draw = typeof body.draw === 'number' && Number.isInteger(body.draw) ? body.draw : 1;
  const counts = parseCounts(body.counts);
  const others = Object.entries(body).filter(([member]) => !ENVELOPE_MEMBERS.includes(member));
  return {
    ...Object.fromEntries(others),
    data: body.data,
    recordsTotal,
    recordsFiltered,
    draw,
    ...(counts ? { counts } : {}),
  };
}

/** The envelope's `counts` when it names a kind for both counts (anything else reads as exact). */
function parseCounts(value: unknown): EnvelopeCounts | null {
  if (!isRecord(value)) return null;
  const { recordsTotal, recordsFiltered } = value;
  if (typeof recordsTotal !== 'string' || !COUNT_KINDS.includes(recordsTotal)) return null;
  if (typeof recordsFiltered !== 'string' || !COUNT_KINDS.includes(recordsFiltered)) return null;
  return { recordsTotal: recordsTotal as CountKind, recordsFiltered: recordsFiltered as CountKind };
}

/**
 * The message to show for a failed request: the server's `message` (Nest's error body; a list of
 * messages is joined), else an `error` string member, else the HTTP status line.
 */
export function errorMessage(status: number, statusText: string, body: unknown): string {
  if (isRecord(body)) {
    const { message, error } = body;
    if (typeof message === 'string' && message.trim() !== '') return message;
    if (Array.isArray(message)) {
      const parts = message.filter((part): part is string => typeof part === 'string' && part.trim() !== '');
      if (parts.length > 0) return parts.join('; ');
    }
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return `${status} ${statusText}`.trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}
