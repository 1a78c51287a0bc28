import {
  csrfHeaders,
  isMissingPermissions,
  languageHeaders,
  noteOwnWrite,
  type CsrfOptions,
} from '../../http/index.js';
import { errorMessage } from '../transport/index.js';
import type { DataTableTexts } from '../../texts/index.js';

/**
 * Sends a restore (`POST`) or a purge (`DELETE`) with the page's CSRF token; answers null when it
 * succeeded, else the words telling why not.
 */
export async function sendTrashWrite(
  url: string,
  method: 'POST' | 'DELETE',
  key: string,
  csrf: CsrfOptions | undefined,
  texts: DataTableTexts,
): Promise<string | null> {
  noteOwnWrite([key]);
  try {
    const response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...languageHeaders(), ...csrfHeaders(url, csrf) },
    });
    if (response.ok) return null;
    const body: unknown = await response.json().catch(() => null);
    if (isMissingPermissions(body)) return `${texts.trashFailed} ${texts.forbidden}`;
    if (response.status === 401) return `${texts.trashFailed} ${texts.signedOut}`;
    return `${texts.trashFailed} ${errorMessage(response.status, response.statusText, body)}`;
  } catch (error) {
    return `${texts.trashFailed} ${String(error)}`;
  }
}
