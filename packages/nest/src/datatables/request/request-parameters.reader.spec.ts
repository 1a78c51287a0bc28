import type { HttpRequest } from '../../common/http-platform.reader.js';
import { TableRequestError, DEFAULT_TABLE_REQUEST_LIMITS, type TableRequestLimits } from '../model/index.js';
import { readRequestParameters } from './request-parameters.reader.js';

const LIMITS: TableRequestLimits = { ...DEFAULT_TABLE_REQUEST_LIMITS };

function post(body: unknown, query: unknown = {}, headers: HttpRequest['headers'] = {}): HttpRequest {
  return { method: 'POST', url: '/albums/query', query, body, headers: { 'content-length': '25', ...headers } };
}

function refused(request: HttpRequest, limits = LIMITS): TableRequestError {
  try {
    readRequestParameters(request, limits);
  } catch (error) {
    if (error instanceof TableRequestError) return error;
    throw error;
  }
  throw new Error('expected the request to be refused');
}

function refusal(request: HttpRequest): string[] {
  try {
    readRequestParameters(request, LIMITS);
  } catch (error) {
    if (error instanceof TableRequestError) return error.problems;
    throw error;
  }
  throw new Error('expected the request to be refused');
}

describe('readRequestParameters', () => {
  it("reads a GET's query string, counting its bytes as sent", () => {
    const request: HttpRequest = { method: 'GET', url: '/albums?search=%C3%A9', query: { search: 'é' }, headers: {} };
    expect(readRequestParameters(request, LIMITS)).toEqual({
      values: { search: 'é' },
      sent: { in: 'query string', bytes: 13 },
    });
  });

  it("reads a POST's body, counting its Content-Length", () => {
    expect(readRequestParameters(post({ search: 'blue', draw: 2 }), LIMITS)).toEqual({
      values: { search: 'blue', draw: 2 },
      sent: { in: 'body', bytes: 25 },
    });
  });

  it('measures a chunked body by the raw body the platform kept, else as JSON', () => {
    const chunked = { 'content-length': undefined, 'transfer-encoding': 'chunked' };
    const raw = { ...post({ search: 'blue' }, {}, chunked), rawBody: Buffer.from('search=blue') } as HttpRequest;
    expect(readRequestParameters(raw, LIMITS).sent).toEqual({ in: 'body', bytes: 11 });
    expect(readRequestParameters(post({ search: 'blue' }, {}, chunked), LIMITS).sent).toEqual({
      in: 'body',
      bytes: 17,
    });
  });

  it("reads a POST's query string when its body is empty or absent", () => {
    const query = { search: 'blue' };
    expect(readRequestParameters(post({}, query), LIMITS).values).toBe(query);
    const bodyless: HttpRequest = { method: 'POST', url: '/albums/query?search=blue', query, headers: {} };
    expect(readRequestParameters(bodyless, LIMITS)).toEqual({ values: query, sent: { in: 'query string', bytes: 11 } });
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

  it('refuses a body past its limit before reading it, keeping the draw', () => {
    const large = { ...post({ draw: '4', search: 'blue' }), headers: { 'content-length': '2001' } };
    const error = refused(large, { ...LIMITS, maxBodyBytes: 2000 });
    expect(error.problems).toEqual(['the body has 2001 bytes; at most 2000 are allowed (limits.maxBodyBytes)']);
    expect(error.draw).toBe(4);
  });

  it('refuses parameters nested past the depth limit without recursing into them', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(refused(post({ draw: 3, search: deep })).problems).toEqual([
      'the body nests arrays and objects more than 32 levels deep (in search); at most 32 are read',
    ]);
    const query: HttpRequest = { method: 'GET', url: '/albums', query: { a: { b: deep } }, headers: {} };
    expect(refused(query).problems).toEqual([
      'the query string nests arrays and objects more than 32 levels deep (in a); at most 32 are read',
    ]);
    const inBoth = post({ search: 'blue' }, { a: deep });
    expect(refused(inBoth).problems[0]).toMatch(/^the query string nests arrays and objects more than 32 levels/);
  });

  it('lets SearchBuilder groups nest as deep as maxCriteriaDepth allows', () => {
    let group: Record<string, unknown> = { criteria: [{ condition: '=', origData: 'name', value: ['x'] }] };
    for (let level = 1; level < 20; level += 1) group = { criteria: [group] };
    const request = post({ searchBuilder: group });
    expect(refused(request).problems[0]).toMatch(/more than 32 levels deep \(in searchBuilder\)/);
    expect(readRequestParameters(request, { ...LIMITS, maxCriteriaDepth: 20 }).values).toEqual({
      searchBuilder: group,
    });
  });

  it('refuses a NUL character in a value or a name, naming the parameter', () => {
    expect(refused(post({ columns: [{ search: { value: 'a\u0000' } }] })).problems).toEqual([
      'columns[0][search][value] must not contain NUL characters',
    ]);
    const query: HttpRequest = { method: 'GET', url: '/albums', query: { 'na\u0000me': 'x' }, headers: {} };
    expect(refused(query).problems).toEqual(['"na\\u0000me" must not contain NUL characters']);
  });
});
