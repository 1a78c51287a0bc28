import type { HelpPanelTexts } from './help-panel.texts.js';
import { csrfHeaders, isMissingPermissions, languageHeaders, type CsrfOptions } from '../../http/index.js';
import type { HelpEntry, HelpFieldsReport, HelpRevision, HelpUsageEvent } from './help-panel.types.js';

/** The fields a form writes; `id_view` is the panel's own view, not typed by the user. */
export interface HelpEntryInput {
  question_name: string;
  help_title: string;
  help_text: string;
  /** BCP 47 tag, or `null` for every language; absent: the server's default (every language). */
  language?: string | null;
}

/** A failed request, with the words to show: the server's message(s) when it sent some. */
export class HelpApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join(' '));
    this.name = 'HelpApiError';
  }
}

/** 412: the entry changed since the version a write named; `current` is the entry as it is now. */
export class HelpConflictError extends HelpApiError {
  constructor(
    messages: string[],
    readonly current: HelpEntry,
  ) {
    super(412, messages);
    this.name = 'HelpConflictError';
  }
}

// By name rather than `instanceof`: the `<script>` bundles' authoring part has its own copy of these classes.

/** Whether `error` is a {@link HelpApiError} (a {@link HelpConflictError} too). */
export function isHelpApiError(error: unknown): error is HelpApiError {
  return error instanceof Error && (error.name === 'HelpApiError' || error.name === 'HelpConflictError');
}

/** Whether `error` is a {@link HelpConflictError}: the entry changed since the form was opened. */
export function isHelpConflictError(error: unknown): error is HelpConflictError {
  return error instanceof Error && error.name === 'HelpConflictError';
}

function conflictEntry(body: unknown): HelpEntry | null {
  if (typeof body !== 'object' || body === null) return null;
  const { current } = body as { current?: unknown };
  if (typeof current !== 'object' || current === null) return null;
  return typeof (current as { id?: unknown }).id === 'number' ? (current as HelpEntry) : null;
}

/** `If-Match` naming `version`; none when the entry's version is unknown (the API then writes unconditionally). */
function ifMatch(version: number | undefined): Record<string, string> {
  return version === undefined ? {} : { 'If-Match': `"${version}"` };
}

/** What to tell the user about a failed call: the server's messages, or the error itself. */
export function failureMessages(error: unknown): string[] {
  return isHelpApiError(error) ? error.messages : [String(error)];
}

/** The messages of a Nest error body (`message` is a string or an array of strings), if any. */
export function errorMessages(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const { message } = body as { message?: unknown };
  if (typeof message === 'string' && message.trim()) return [message];
  if (Array.isArray(message)) {
    return message.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  }
  return [];
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** Calls the help API of one panel: list by view, create, update and delete, with the CSRF token. */
export class HelpApiClient {
  private readonly listUrl: string;

  constructor(
    helpUrl: string,
    private readonly texts: Pick<
      HelpPanelTexts,
      'requestFailed' | 'networkError' | 'unexpectedResponse' | 'forbidden' | 'signedOut'
    >,
    private readonly csrf: CsrfOptions = {},
    private readonly fetcher: typeof fetch = (...args) => globalThis.fetch(...args),
  ) {
    this.listUrl = withTrailingSlash(helpUrl);
  }

  /** The view's entries in `language` (falling back along the tag), `*` for all; absent: the server's choice. */
  async list(idView: string, language?: string): Promise<HelpEntry[]> {
    const query = new URLSearchParams({ id_view: idView });
    if (language) query.set('language', language);
    const entries = await this.send<unknown>('GET', `${this.listUrl}?${query}`);
    if (!Array.isArray(entries)) throw new HelpApiError(200, [this.texts.unexpectedResponse]);
    return entries as HelpEntry[];
  }

  create(idView: string, input: HelpEntryInput): Promise<HelpEntry> {
    return this.send<HelpEntry>('POST', this.listUrl, { id_view: idView, ...input });
  }

  /** Changes an entry; with `version`, only if it is still at that version (else {@link HelpConflictError}). */
  update(id: number, input: Partial<HelpEntryInput>, version?: number): Promise<HelpEntry> {
    return this.send<HelpEntry>('PATCH', this.entryUrl(id), input, ifMatch(version));
  }

  /** Deletes an entry; with `version`, only if it is still at that version (else {@link HelpConflictError}). */
  async remove(id: number, version?: number): Promise<void> {
    await this.send<void>('DELETE', this.entryUrl(id), undefined, ifMatch(version));
  }

  /** The entry's revisions, newest first (change permission). */
  async revisions(id: number): Promise<HelpRevision[]> {
    const revisions = await this.send<unknown>('GET', `${this.entryUrl(id)}revisions/`);
    if (!Array.isArray(revisions)) throw new HelpApiError(200, [this.texts.unexpectedResponse]);
    return revisions as HelpRevision[];
  }

  /** The deletions of the view's entries that are gone, newest first (add permission): what can be restored. */
  async deleted(idView: string): Promise<HelpRevision[]> {
    const deletions = await this.send<unknown>(
      'GET',
      `${this.listUrl}deleted/?${new URLSearchParams({ id_view: idView })}`,
    );
    if (!Array.isArray(deletions)) throw new HelpApiError(200, [this.texts.unexpectedResponse]);
    return deletions as HelpRevision[];
  }

  /** Brings the entry back to a revision's fields; with `version`, only if it is still at that version. */
  restore(id: number, revision: number, version?: number): Promise<HelpEntry> {
    const url = `${this.entryUrl(id)}revisions/${encodeURIComponent(String(revision))}/restore/`;
    return this.send<HelpEntry>('POST', url, undefined, ifMatch(version));
  }

  /**
   * Records a reader's event (`POST /help/usage/`, 404 while the host has not enabled `helpUsage`).
   * `keepalive` lets the request finish when the reader leaves the page; unlike `sendBeacon` it
   * still carries the CSRF header.
   */
  async reportUsage(event: HelpUsageEvent): Promise<void> {
    await this.send<void>('POST', `${this.listUrl}usage/`, event, {}, { keepalive: true });
  }

  /** Tells the server the labelled fields of a page of a view (`POST /help/coverage/fields/`, view permission). */
  async reportFields(report: HelpFieldsReport): Promise<void> {
    await this.send<void>('POST', `${this.listUrl}coverage/fields/`, report, {}, { keepalive: true });
  }

  private entryUrl(id: number): string {
    return `${this.listUrl}${encodeURIComponent(String(id))}/`;
  }

  private async send<T>(
    method: string,
    url: string,
    body?: object,
    extraHeaders: object = {},
    extraInit: RequestInit = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...languageHeaders(), ...extraHeaders };
    if (method !== 'GET') Object.assign(headers, csrfHeaders(url, this.csrf));
    if (body) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetcher(url, {
        method,
        headers,
        credentials: 'same-origin',
        ...extraInit,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new HelpApiError(0, [this.texts.networkError]);
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    if (!response.ok) {
      const messages = errorMessages(parsed);
      const current = response.status === 412 ? conflictEntry(parsed) : null;
      if (current) throw new HelpConflictError(messages, current);
      // The permission the server names is not words for the user.
      if (response.status === 403 && isMissingPermissions(parsed)) throw new HelpApiError(403, [this.texts.forbidden]);
      if (response.status === 401) throw new HelpApiError(401, [this.texts.signedOut]);
      throw new HelpApiError(response.status, messages.length ? messages : [this.texts.requestFailed(response.status)]);
    }
    return parsed as T;
  }
}
