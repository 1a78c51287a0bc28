import { flattenQuery, QueryParameters } from './query-string.parser.js';
import { RequestProblems } from '../model/index.js';

describe('flattenQuery', () => {
  it('flattens nested query objects into bracketed keys', () => {
    expect([...flattenQuery({ a: ['1', '2'], b: { c: [{ d: 'x' }] }, n: 5 })]).toEqual([
      ['a', ['1', '2']],
      ['b[c][0][d]', ['x']],
      ['n', ['5']],
    ]);
  });

  it('reads the simple and the extended parser alike, and skips null and undefined', () => {
    const simple = flattenQuery({ 'order[0][column]': '2', 'order[0][dir]': 'desc' });
    const extended = flattenQuery({ order: [{ column: '2', dir: 'desc' }], empty: null, missing: undefined });
    expect([...extended]).toEqual([...simple]);
    expect(flattenQuery('not an object').size).toBe(0);
  });
});

describe('QueryParameters', () => {
  it('answers a parameter given once and refuses one given twice', () => {
    const problems = new RequestProblems();
    const params = new QueryParameters({ limit: '5', search: ['a', 'b'] }, problems);
    expect(params.single('limit')).toBe('5');
    expect(params.single('absent')).toBeUndefined();
    expect(params.single('search')).toBeUndefined();
    expect(problems.messages).toEqual(['search must be given once, got 2 values']);
    expect([...params.names()]).toEqual(['limit', 'search']);
  });
});
