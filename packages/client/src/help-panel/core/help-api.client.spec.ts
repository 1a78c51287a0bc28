/** @jest-environment jsdom */
import { DEFAULT_HELP_PANEL_TEXTS } from './help-panel.texts.js';
import { HelpApiClient, HelpApiError, errorMessages } from './help-api.client.js';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(status: number, body: string, calls: Call[]): typeof fetch {
  return async (url, init) => {
    calls.push({ url: String(url), init: init ?? {} });
    return {
      ok: status >= 200 && status < 300,
      status,
      text: async () => body,
    } as Response;
  };
}

function headersOf(call: Call): Record<string, string> {
  return call.init.headers as Record<string, string>;
}

describe('HelpApiClient', () => {
  afterEach(() => {
    document.head.replaceChildren();
  });

  it('lists the entries of one view through the id_view filter, without a CSRF header', async () => {
    const calls: Call[] = [];
    const entries = [{ id: 1, id_view: 'albums:edit', question_name: 'name', help_title: 'Name', help_text: '' }];
    const api = new HelpApiClient(
      '/api/help',
      DEFAULT_HELP_PANEL_TEXTS,
      {},
      fakeFetch(200, JSON.stringify(entries), calls),
    );
    document.head.innerHTML = '<meta name="csrf-token" content="secret">';

    await expect(api.list('albums:edit & more')).resolves.toEqual(entries);
    expect(calls[0]!.url).toBe('/api/help/?id_view=albums%3Aedit+%26+more');
    expect(calls[0]!.init.method).toBe('GET');
    expect(headersOf(calls[0]!)).toEqual({ Accept: 'application/json' });
  });

  it('reports usage to usage/ with the CSRF token, kept alive past the page; a 404 is an error of status 404', async () => {
    const calls: Call[] = [];
    document.head.innerHTML = '<meta name="csrf-token" content="secret">';
    const api = new HelpApiClient('/help', DEFAULT_HELP_PANEL_TEXTS, {}, fakeFetch(204, '', calls));
    await api.reportUsage({ event: 'asked', id_view: 'albums:edit', question_name: 'year' });
    expect(calls[0]!.url).toBe('/help/usage/');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(headersOf(calls[0]!)).toMatchObject({ 'X-CSRF-Token': 'secret', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      event: 'asked',
      id_view: 'albums:edit',
      question_name: 'year',
    });

    const off = new HelpApiClient(
      '/help/',
      DEFAULT_HELP_PANEL_TEXTS,
      {},
      fakeFetch(404, '{"statusCode":404,"message":"Help usage is not recorded"}', []),
    );
    const failure = await off.reportUsage({ event: 'opened', help_id: 3 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HelpApiError);
    expect(failure).toMatchObject({ status: 404, messages: ['Help usage is not recorded'] });
  });

  it('sends the token of <meta name="csrf-token"> in X-CSRF-Token on writes', async () => {
    const calls: Call[] = [];
    document.head.innerHTML = '<meta name="csrf-token" content="secret">';
    const api = new HelpApiClient('/help/', DEFAULT_HELP_PANEL_TEXTS, {}, fakeFetch(201, '{"id":7}', calls));

    await api.create('albums:edit', { question_name: 'name', help_title: 'T', help_text: '' });
    expect(calls[0]!.url).toBe('/help/');
    expect(calls[0]!.init.method).toBe('POST');
    expect(headersOf(calls[0]!)['X-CSRF-Token']).toBe('secret');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      id_view: 'albums:edit',
      question_name: 'name',
      help_title: 'T',
      help_text: '',
    });
  });

  it('uses the configured header name and token source, and the entry URL for updates and deletes', async () => {
    const calls: Call[] = [];
    const api = new HelpApiClient(
      '/help/',
      DEFAULT_HELP_PANEL_TEXTS,
      { headerName: 'X-XSRF', token: () => 'from-cookie' },
      fakeFetch(200, '{"id":3}', calls),
    );
    await api.update(3, { help_title: 'New' });
    const deleting = new HelpApiClient(
      '/help/',
      DEFAULT_HELP_PANEL_TEXTS,
      { headerName: 'X-XSRF', token: 'fixed' },
      fakeFetch(204, '', calls),
    );
    await deleting.remove(3);

    expect(calls.map(({ url, init }) => [init.method, url])).toEqual([
      ['PATCH', '/help/3/'],
      ['DELETE', '/help/3/'],
    ]);
    expect(headersOf(calls[0]!)['X-XSRF']).toBe('from-cookie');
    expect(headersOf(calls[1]!)['X-XSRF']).toBe('fixed');
    expect(headersOf(calls[1]!)['X-CSRF-Token']).toBeUndefined();
  });

  it.each([
    ['another host', 'https://evil.example/help/'],
    ['another port of the same host', `${location.protocol}//${location.hostname}:1/help/`],
    ['another scheme', `${location.protocol === 'https:' ? 'http:' : 'https:'}//${location.host}/help/`],
    ['a protocol-relative address', '//evil.example/help/'],
    ['a backslash address browsers read as another host', '/\\evil.example/help/'],
  ])('sends no CSRF token to %s', async (_case, helpUrl) => {
    const calls: Call[] = [];
    document.head.innerHTML = '<meta name="csrf-token" content="secret">';
    const fromMeta = new HelpApiClient(helpUrl, DEFAULT_HELP_PANEL_TEXTS, {}, fakeFetch(201, '{"id":7}', calls));
    const configured = new HelpApiClient(
      helpUrl,
      DEFAULT_HELP_PANEL_TEXTS,
      { token: () => 'configured' },
      fakeFetch(204, '', calls),
    );
    await fromMeta.create('albums:edit', { question_name: 'name', help_title: 'T', help_text: '' });
    await configured.update(7, { help_title: 'U' });
    await configured.remove(7);

    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(headersOf(call)['X-CSRF-Token']).toBeUndefined();
      expect(Object.values(headersOf(call))).not.toContain('secret');
      expect(Object.values(headersOf(call))).not.toContain('configured');
    }
  });

  it.each([
    ['a path', '/api/help/'],
    ['a relative path, resolved against the document', 'help/'],
    ['the page origin written in full', `${location.origin}/help/`],
  ])('sends the CSRF token to %s on the page origin', async (_case, helpUrl) => {
    const calls: Call[] = [];
    document.head.innerHTML = '<meta name="csrf-token" content="secret">';
    await new HelpApiClient(helpUrl, DEFAULT_HELP_PANEL_TEXTS, {}, fakeFetch(204, '', calls)).remove(1);
    expect(headersOf(calls[0]!)['X-CSRF-Token']).toBe('secret');
  });

  it("turns an error response into the server's messages", async () => {
    const body = JSON.stringify({ statusCode: 409, error: 'Conflict', message: 'An entry for this field exists' });
    const api = new HelpApiClient('/help/', DEFAULT_HELP_PANEL_TEXTS, {}, fakeFetch(409, body, []));
    const failure = await api
      .create('v', { question_name: 'q', help_title: 't', help_text: '' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HelpApiError);
    expect(failure).toMatchObject({ status: 409, messages: ['An entry for this field exists'] });
  });

  it('falls back to a generic message when the error body has none, and reports network failures', async () => {
    const api = new HelpApiClient(
      '/help/',
      DEFAULT_HELP_PANEL_TEXTS,
      {},
      fakeFetch(502, '<html>Bad gateway</html>', []),
    );
    await expect(api.list('v')).rejects.toMatchObject({ status: 502, messages: ['The request failed (HTTP 502).'] });

    const offline = new HelpApiClient('/help/', DEFAULT_HELP_PANEL_TEXTS, {}, async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline.list('v')).rejects.toMatchObject({
      status: 0,
      messages: ['The server could not be reached.'],
    });
  });

  it('refuses a list answer that is not an array', async () => {
    const api = new HelpApiClient('/help/', DEFAULT_HELP_PANEL_TEXTS, {}, fakeFetch(200, '{"data":[]}', []));
    await expect(api.list('v')).rejects.toMatchObject({ messages: ['The server sent an unexpected answer.'] });
  });
});

describe('errorMessages', () => {
  it('reads a string or an array of strings from a Nest error body', () => {
    expect(errorMessages({ message: 'help_title should not be empty' })).toEqual(['help_title should not be empty']);
    expect(errorMessages({ message: ['a is bad', 42, '', 'b is bad'] })).toEqual(['a is bad', 'b is bad']);
    expect(errorMessages({ message: {} })).toEqual([]);
    expect(errorMessages('oops')).toEqual([]);
    expect(errorMessages(null)).toEqual([]);
  });
});
