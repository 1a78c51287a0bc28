import {
  findInputProblem,
  inputPlace,
  inputProblemMessage,
  MAX_INPUT_DEPTH,
  MAX_INPUT_VALUES,
} from './request-input.checks.js';

function nested(levels: number, inner: unknown = 'x'): unknown {
  let value = inner;
  for (let level = 0; level < levels; level += 1) value = [value];
  return value;
}

const BODY = { described: 'the body' } as const;

describe('findInputProblem', () => {
  it('accepts nesting up to maxDepth, the input itself being level 1', () => {
    expect(findInputProblem(nested(32), { maxDepth: 32 })).toBeNull();
    expect(findInputProblem(nested(33), { maxDepth: 32 })).toEqual({ kind: 'depth', path: Array(32).fill(0) });
    expect(findInputProblem({ a: { b: 'x' } }, { maxDepth: 2 })).toBeNull();
    expect(findInputProblem({ a: { b: {} } }, { maxDepth: 2 })).toEqual({ kind: 'depth', path: ['a', 'b'] });
    expect(findInputProblem('text', { maxDepth: 0 })).toBeNull();
  });

  it('reads nesting far past what recursion could, without exhausting the stack', () => {
    expect(findInputProblem({ state: nested(1_000_000) }, { maxDepth: MAX_INPUT_DEPTH })?.kind).toBe('depth');
  });

  it('finds a NUL in any text or property name, wherever it is', () => {
    expect(findInputProblem({ a: ['ok', { b: 'x\u0000y' }] }, { maxDepth: 10 })).toEqual({
      kind: 'nul',
      path: ['a', 1, 'b'],
    });
    expect(findInputProblem({ a: { 'b\u0000': 1 } }, { maxDepth: 10 })).toEqual({
      kind: 'nul',
      path: ['a', 'b\u0000'],
    });
    expect(findInputProblem('\u0000', { maxDepth: 10 })).toEqual({ kind: 'nul', path: [] });
    expect(findInputProblem({ a: 'no nul here: \\u0000', b: [1, true, null] }, { maxDepth: 10 })).toBeNull();
  });

  it('counts values when asked, every array and object and what they hold', () => {
    // The object, its array and the array's three items: 5 values.
    const input = { list: [1, 'two', null] };
    expect(findInputProblem(input, { maxDepth: 10, maxValues: 5 })).toBeNull();
    expect(findInputProblem(input, { maxDepth: 10, maxValues: 4 })).toEqual({ kind: 'values', path: ['list'] });
    const wide = Object.fromEntries(Array.from({ length: MAX_INPUT_VALUES }, (_, index) => [`k${index}`, index]));
    expect(findInputProblem(wide, { maxDepth: 10, maxValues: MAX_INPUT_VALUES })).toEqual({ kind: 'values', path: [] });
    expect(findInputProblem(wide, { maxDepth: 10 })).toBeNull();
  });

  it('reports the first problem in document order', () => {
    expect(findInputProblem({ a: 'x\u0000', b: nested(5) }, { maxDepth: 3 })).toEqual({ kind: 'nul', path: ['a'] });
    expect(findInputProblem({ b: nested(5), a: 'x\u0000' }, { maxDepth: 3 })?.kind).toBe('depth');
  });
});

describe('inputPlace', () => {
  it('names a place as parameters or as properties', () => {
    expect(inputPlace(['columns', 0, 'search', 'value'], 'brackets', BODY)).toBe('columns[0][search][value]');
    expect(inputPlace(['state', 'columns', 0, 'name'], 'properties', BODY)).toBe('state.columns[0].name');
    expect(inputPlace(['criteria', 0, 'value'], 'brackets', { named: 'searchBuilder' })).toBe(
      'searchBuilder[criteria][0][value]',
    );
    expect(inputPlace(['search'], 'properties', { named: 'state' })).toBe('state.search');
    expect(inputPlace([], 'properties', BODY)).toBe('the body');
    expect(inputPlace([2], 'properties', BODY)).toBe('[2]');
  });

  it('keeps a flat parameter name as sent, and quotes a name with control characters', () => {
    expect(inputPlace(['searchPanes[artist__name][0]'], 'brackets', BODY)).toBe('searchPanes[artist__name][0]');
    expect(inputPlace(['na\u0000me'], 'brackets', BODY)).toBe('"na\\u0000me"');
  });
});

describe('inputProblemMessage', () => {
  it('names the field of a NUL, and the top-level field of nesting or of the count', () => {
    expect(inputProblemMessage({ help_text: 'a\u0000' }, { maxDepth: 32 }, 'properties', BODY)).toBe(
      'help_text must not contain NUL characters',
    );
    expect(inputProblemMessage({ state: nested(40) }, { maxDepth: 32 }, 'properties', BODY)).toBe(
      'the body nests arrays and objects more than 32 levels deep (in state); at most 32 are read',
    );
    expect(inputProblemMessage({ fields: [1, 2, 3] }, { maxDepth: 32, maxValues: 3 }, 'properties', BODY)).toBe(
      'the body holds more than 3 values (in fields); at most 3 are read',
    );
    expect(inputProblemMessage(nested(40), { maxDepth: 32 }, 'brackets', { named: 'searchBuilder' })).toBe(
      'searchBuilder nests arrays and objects more than 32 levels deep; at most 32 are read',
    );
    expect(inputProblemMessage({ fine: ['x'] }, { maxDepth: 32, maxValues: 10 }, 'properties', BODY)).toBeNull();
  });
});
