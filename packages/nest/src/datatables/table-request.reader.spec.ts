import { CONTEXT } from '../../test/fixtures/table-request-context.fixture.js';
import type { HttpRequest } from '../common/http-platform.reader.js';
import { TableRequestError } from './model/index.js';
import { readTableRequest } from './table-request.reader.js';

function get(query: Record<string, string>): HttpRequest {
  return { method: 'GET', url: '/albums', query, headers: {} };
}

function refusal(read: () => unknown): TableRequestError {
  try {
    read();
  } catch (error) {
    if (error instanceof TableRequestError) return error;
    throw error;
  }
  throw new Error('expected the request to be refused');
}

describe('readTableRequest', () => {
  it('reads the parameters, then the table request parsed from them', () => {
    const read = readTableRequest(get({ draw: '4', search: 'blue' }), CONTEXT);
    expect(read.values).toEqual({ draw: '4', search: 'blue' });
    expect(read.tableRequest).toMatchObject({ draw: 4, searchTerms: ['blue'] });
  });

  it("refuses a request with the table's problems and its draw", () => {
    const error = refusal(() => readTableRequest(get({ draw: '4', limit: 'many' }), CONTEXT));
    expect(error.draw).toBe(4);
    expect(error.problems).toEqual([expect.stringContaining('limit')]);
  });

  it("reads the route's own parameters beside the table's, every problem of both in one error", () => {
    const own = (values: unknown) => {
      const { format } = values as { format?: string };
      if (format !== 'csv') throw new TableRequestError(['format must be csv'], undefined);
      return format;
    };
    expect(readTableRequest(get({ format: 'csv' }), CONTEXT, own).own).toBe('csv');
    const error = refusal(() => readTableRequest(get({ draw: '2', limit: 'many', format: 'pdf' }), CONTEXT, own));
    expect(error.problems).toEqual([expect.stringContaining('limit'), 'format must be csv']);
    expect(error.draw).toBe(2);
  });
});
