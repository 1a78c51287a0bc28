import {
  csrfHeaders,
  isMissingPermissions,
  languageHeaders,
  noteOwnWrite,
  type CsrfOptions,
} from '../../http/index.js';

type Row = Record<string, unknown>;

/** What became of a cell's change. */
export type InlineSaveOutcome =
  | { kind: 'saved'; row: Row }
  | { kind: 'invalid'; messages: string[] }
  | { kind: 'conflict'; current: Row }
  | { kind: 'forbidden' }
  | { kind: 'signed-out' }
  | { kind: 'failed'; messages: string[] };

/** The messages of an error body (Nest's `message`: one text or a list), if any. */
function messagesOf(body: unknown): string[] {
  const message = (body as { message?: unknown } | null)?.message;
  const list = Array.isArray(message) ? message : [message];
  return list.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Sends one field of a row to its record route (`PATCH <record url>` with `{ field: value }`), with
 * `If-Match` when the row has a version, the CSRF token and the page's language.
 */
export async function saveCell(
  url: string,
  fields: Row,
  ifMatch: Record<string, string>,
  csrf: CsrfOptions | undefined,
  key: string | number,
): Promise<InlineSaveOutcome> {
  let response: Response;
  noteOwnWrite([key]);
  try {
    response = await fetch(url, {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        ...languageHeaders(),
        ...ifMatch,
        ...csrfHeaders(url, csrf),
      },
      body: JSON.stringify(fields),
    });
  } catch (error) {
    return { kind: 'failed', messages: [String(error)] };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && isRow(body)) return { kind: 'saved', row: body };
  const current = (body as { current?: unknown } | null)?.current;
  if (response.status === 412 && isRow(current)) return { kind: 'conflict', current };
  if (response.status === 400) return { kind: 'invalid', messages: messagesOf(body) };
  if (response.status === 401) return { kind: 'signed-out' };
  if (response.status === 403 && isMissingPermissions(body)) return { kind: 'forbidden' };
  const messages = messagesOf(body);
  return { kind: 'failed', messages: messages.length ? messages : [`HTTP ${response.status}`] };
}
