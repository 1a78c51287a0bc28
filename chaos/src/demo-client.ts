import type { RequestLog } from './request-log.js';

/** What the client answers for a request that never got an HTTP status (refused, reset, timed out). */
export const NO_ANSWER = 0;

export interface ClientAnswer {
  status: number;
  body: unknown;
}

/**
 * A signed-in user of the demo: its session cookie, its CSRF token, and every request logged with
 * its status and duration. A request that does not answer within `timeoutMs` is aborted.
 */
export class DemoClient {
  private cookie = '';
  private csrfToken = '';

  constructor(
    private readonly baseUrl: () => string,
    private readonly log: RequestLog,
    private readonly timeoutMs: number,
  ) {}

  async signIn(username: string): Promise<void> {
    const formToken = await this.pageToken('/sign-in');
    const response = await this.raw('POST', '/sign-in', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: formToken, username, password: username, next: '/albums' }).toString(),
    });
    if (response.status !== 303) throw new Error(`signing in as ${username} answered ${response.status}`);
    this.csrfToken = await this.pageToken('/albums/new');
  }

  /** A JSON request, logged under `label`. */
  async call(label: string, method: string, path: string, body?: unknown): Promise<ClientAnswer> {
    const startedAt = Date.now();
    let status = NO_ANSWER;
    let answer: unknown = null;
    try {
      const response = await this.raw(method, path, {
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(method === 'GET' ? {} : { 'x-csrf-token': this.csrfToken }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = response.status;
      const text = await response.text();
      answer = text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
    } catch {
      // Refused, reset or timed out: the status stays NO_ANSWER.
    }
    const failed = status < 200 || status >= 300;
    const detail = failed ? JSON.stringify(answer).slice(0, 300) : undefined;
    this.log.add({ label, status, startedAt, ms: Date.now() - startedAt, ...(detail ? { detail } : {}) });
    return { status, body: answer };
  }

  /** A Server-Sent Events stream (`GET path`) as the signed-in user's browser opens it; aborted by `signal`. */
  async stream(path: string, signal: AbortSignal): Promise<Response> {
    return fetch(`${this.baseUrl()}${path}`, {
      headers: { accept: 'text/event-stream', ...(this.cookie ? { cookie: this.cookie } : {}) },
      signal,
    });
  }

  private async pageToken(path: string): Promise<string> {
    const html = await (await this.raw('GET', path, { headers: { accept: 'text/html' } })).text();
    const token = /name="_csrf" value="([0-9a-f]+)"/.exec(html)?.[1];
    if (!token) throw new Error(`${path} shows no form with a CSRF token`);
    return token;
  }

  private async raw(method: string, path: string, init: { headers: Record<string, string>; body?: string }) {
    const response = await fetch(`${this.baseUrl()}${path}`, {
      method,
      redirect: 'manual',
      headers: { ...init.headers, ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: init.body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    for (const header of response.headers.getSetCookie()) this.cookie = header.split(';')[0]!;
    return response;
  }
}
