/** @jest-environment jsdom */
import { defaultPostUrl, listRequest } from './list-request.writer.js';

const BASE = 'http://localhost/albums/page';

describe('defaultPostUrl', () => {
  it.each([
    ['/api/albums/', '/api/albums/query'],
    ['/api/albums', '/api/albums/query'],
    ['/api/albums/?scope=live#top', '/api/albums/query'],
    ['https://other.example/list/', 'https://other.example/list/query'],
  ])('%s -> %s', (url, expected) => {
    expect(defaultPostUrl(url, BASE)).toBe(new URL(expected, BASE).toString());
  });
});

describe('listRequest', () => {
  afterEach(() => document.head.replaceChildren());

  function withMetaToken(token: string): void {
    const meta = document.createElement('meta');
    meta.name = 'csrf-token';
    meta.content = token;
    document.head.append(meta);
  }

  const params = { draw: 2, limit: 10, search: 'blue note', genres__id__in: ['1', '2'], empty: null };

  it('sends a GET with the parameters in the query string while the URL is short enough', () => {
    withMetaToken('secret');
    expect(listRequest('/api/albums/?scope=live', params)).toEqual({
      url: 'http://localhost/api/albums/?scope=live&draw=2&limit=10&search=blue+note&genres__id__in=1&genres__id__in=2',
      method: 'GET',
      headers: { Accept: 'application/json' },
    });
  });

  it("sends the same parameters (the URL's own first) as a JSON POST to <url>/query past maxGetUrlLength", () => {
    withMetaToken('secret');
    const request = listRequest('/api/albums/?scope=live', params, { maxGetUrlLength: 50 });
    expect(request).toEqual({
      url: 'http://localhost/api/albums/query',
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': 'secret' },
      body: JSON.stringify({ scope: 'live', draw: 2, limit: 10, search: 'blue note', genres__id__in: ['1', '2'] }),
    });
  });

  it('switches at exactly maxGetUrlLength characters', () => {
    const url = listRequest('/api/albums/', { search: 'x' }).url;
    expect(listRequest('/api/albums/', { search: 'x' }, { maxGetUrlLength: url.length }).method).toBe('GET');
    expect(listRequest('/api/albums/', { search: 'x' }, { maxGetUrlLength: url.length - 1 }).method).toBe('POST');
  });

  it('keeps to the method it is given, whatever the length', () => {
    const long = { search: 'x'.repeat(5000) };
    expect(listRequest('/api/albums/', long, { method: 'GET' }).method).toBe('GET');
    expect(listRequest('/api/albums/', {}, { method: 'POST' })).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('posts to postUrl with the CSRF options given, and never sends the token to another origin', () => {
    withMetaToken('from-meta');
    const csrf = { headerName: 'X-XSRF-TOKEN', token: () => 'from-function' };
    expect(listRequest('/api/albums/', {}, { method: 'POST', postUrl: '/api/albums/search', csrf })).toMatchObject({
      url: 'http://localhost/api/albums/search',
      headers: { 'X-XSRF-TOKEN': 'from-function' },
    });
    const elsewhere = listRequest('https://other.example/albums/', {}, { method: 'POST' });
    expect(elsewhere.url).toBe('https://other.example/albums/query');
    expect(elsewhere.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('posts without a CSRF header when the page has no token', () => {
    expect(listRequest('/api/albums/', {}, { method: 'POST' }).headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });
});
