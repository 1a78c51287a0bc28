import type { HttpRequest } from '../common/http-platform.js';
import { TableRequestError } from './request-problems.js';
import { readRequestParameters } from './request-parameters.reader.js';

function post(body: unknown, query: unknown = {}, headers: HttpRequest['headers'] = {}): HttpRequest {
  return { method: 'POST', url: '/albums/query', query, body, headers: { 'content-length': '25', ...headers } };
}

function refusal(request: HttpRequest): string[] {
  try {
    readRequestParameters(request);
  } catch (error) {
    if (error instanceof TableRequestError) return error.problems;
    throw error;
  }
  throw new Error('expected the request to be refused');
}

describe('readRequestParameters', () => {
  it("reads a GET's query string, counting its bytes as sent", () => {
    const request: HttpRequest = { method: 'GET', url: '/albums?search=%C3%A9', query: { search: 'é' }, headers: {} };
    expect(readRequestParameters(request)).toEqual({
      values: { search: 'é' },
      sent: { in: 'query string', bytes: 13 },
    });
  });

  it("reads a POST's body, counting its Content-Length", () => {
    expect(readRequestParameters(post({ search: 'blue', draw: 2 }))).toEqual({
      values: { search: 'blue', draw: 2 },
      sent: { in: 'body', bytes: 25 },
    });
  });

  it('measures a chunked body by the raw body the platform kept, else as JSON', () => {
    const chunked = { 'content-length': undefined, 'transfer-encoding': 'chunked' };
    const raw = { ...post({ search: 'blue' }, {}, chunked), rawBody: Buffer.from('search=blue') } as HttpRequest;
    expect(readRequestParameters(raw).sent).toEqual({ in: 'body', bytes: 11 });
    expect(readRequestParameters(post({ search: 'blue' }, {}, chunked)).sent).toEqual({ in: 'body', bytes: 17 });
  });

  it("reads a POST's query string when its body is empty or absent", () => {
    const query = { search: 'blue' };
    expect(readRequestParameters(post({}, query)).values).toBe(query);
    const bodyless: HttpRequest = { method: 'POST', url: '/albums/query?search=blue', query, headers: {} };
    expect(readRequestParameters(bodyless)).toEqual({ values: query, sent: { in: 'query string', bytes: 11 } });
  });

  it('refuses parameters in both the body and the query string, naming those of the query string', () => {
    expect(refusal(post({ search: 'blue' }, { draw: '1', 'order[0][dir]': 'asc' }))).toEqual([
      'a POST takes its parameters in the body or in the query string, not both; the query string has draw, order[0][dir]',
    ]);
  });

  it('refuses a body that no parser read, or that is no object of parameters', () => {
    expect(refusal(post(undefined, {}, { 'content-type': 'text/plain' }))).toEqual([
      'the body (content type text/plain) was not read: send the parameters form-encoded ' +
        '(application/x-www-form-urlencoded) or as a JSON object (application/json)',
    ]);
    expect(refusal(post([{ search: 'blue' }]))).toEqual([
      'the body must hold the parameters form-encoded (application/x-www-form-urlencoded) or as a JSON object ' +
        '(application/json), got an array',
    ]);
    expect(refusal(post('search=blue'))[0]).toMatch(/, got a string$/);
  });
});
