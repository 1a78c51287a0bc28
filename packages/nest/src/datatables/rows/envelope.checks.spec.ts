import { envelopeProblems, looksLikeEnvelope } from './envelope.checks.js';

describe('envelopeProblems', () => {
  it('accepts a complete envelope', () => {
    expect(envelopeProblems({ data: [{ id: 1 }], recordsTotal: 1, recordsFiltered: 1, draw: 0 })).toEqual([]);
  });

  it('names every missing or mistyped member', () => {
    expect(envelopeProblems({ data: [1], recordsTotal: -1, recordsFiltered: 1.5 })).toEqual([
      'data must hold row objects',
      'recordsTotal must be an integer >= 0, got number -1',
      'recordsFiltered must be an integer >= 0, got number 1.5',
      'draw must be an integer >= 0, got nothing',
    ]);
    expect(envelopeProblems({ data: null, recordsTotal: '3', recordsFiltered: [], draw: {} })).toEqual([
      'data must be an array, got null',
      'recordsTotal must be an integer >= 0, got the string "3"',
      'recordsFiltered must be an integer >= 0, got an array',
      'draw must be an integer >= 0, got an object',
    ]);
  });
});

describe('looksLikeEnvelope', () => {
  it('tells an envelope attempt from anything else', () => {
    expect(looksLikeEnvelope({ data: [] })).toBe(true);
    expect(looksLikeEnvelope({ rows: [] })).toBe(false);
    expect(looksLikeEnvelope('x')).toBe(false);
    expect(looksLikeEnvelope(null)).toBe(false);
  });
});
