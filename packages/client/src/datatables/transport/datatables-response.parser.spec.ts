import { errorMessage, parseEnvelope } from './datatables-response.parser.js';

describe('parseEnvelope', () => {
  it('accepts the envelope of spec 2.3', () => {
    expect(parseEnvelope({ data: [{ id: 1 }], recordsTotal: 5, recordsFiltered: 1, draw: 4 })).toEqual({
      data: [{ id: 1 }],
      recordsTotal: 5,
      recordsFiltered: 1,
      draw: 4,
    });
  });

  it("keeps the search extensions' members (searchPanes, columnControl) and drops counts it cannot read", () => {
    const searchPanes = { options: { format: [{ label: 'LP', value: 'LP', total: 3, count: 2 }] } };
    const columnControl = { format: [{ label: 'LP', value: 'LP' }] };
    expect(
      parseEnvelope({
        data: [],
        recordsTotal: 3,
        recordsFiltered: 2,
        draw: 2,
        counts: { recordsTotal: 'guessed' },
        searchPanes,
        columnControl,
      }),
    ).toEqual({ data: [], recordsTotal: 3, recordsFiltered: 2, draw: 2, searchPanes, columnControl });
  });

  it('takes draw 1 when the server sends none', () => {
    expect(parseEnvelope({ data: [], recordsTotal: 0, recordsFiltered: 0 })?.draw).toBe(1);
  });

  it.each([
    null,
    [],
    'text',
    { recordsTotal: 1, recordsFiltered: 1 },
    { data: {}, recordsTotal: 1, recordsFiltered: 1 },
    { data: [], recordsTotal: '1', recordsFiltered: 1 },
    { data: [], recordsTotal: 1 },
    { data: [], recordsTotal: -1, recordsFiltered: 0 },
    { data: [], recordsTotal: 1.5, recordsFiltered: 0 },
  ])('refuses %j', (body) => {
    expect(parseEnvelope(body)).toBeNull();
  });
});

describe('errorMessage', () => {
  it("uses Nest's message", () => {
    expect(
      errorMessage(400, 'Bad Request', {
        statusCode: 400,
        error: 'Bad Request',
        message: 'ordering: "secret" is not allowed',
      }),
    ).toBe('ordering: "secret" is not allowed');
  });

  it('joins a list of messages', () => {
    expect(errorMessage(400, 'Bad Request', { message: ['limit must be an integer', 'offset must be >= 0'] })).toBe(
      'limit must be an integer; offset must be >= 0',
    );
  });

  it('falls back to the error member, then the status line', () => {
    expect(errorMessage(403, 'Forbidden', { error: 'Forbidden' })).toBe('Forbidden');
    expect(errorMessage(502, 'Bad Gateway', null)).toBe('502 Bad Gateway');
    expect(errorMessage(500, '', { message: [] })).toBe('500');
  });
});
