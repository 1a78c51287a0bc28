import { memoized } from './memoized-transform.writer.js';

function counted(transform: (text: string) => string): { calls: string[]; transform: (text: string) => string } {
  const calls: string[] = [];
  return {
    calls,
    transform: (text) => {
      calls.push(text);
      return transform(text);
    },
  };
}

describe('memoized', () => {
  it('answers what the transform answers, calling it once per short text', () => {
    const upper = counted((text) => text.toUpperCase());
    const remembering = memoized(upper.transform, 10);
    expect([remembering('ångström'), remembering('ångström'), remembering('b')]).toEqual(['ÅNGSTRÖM', 'ÅNGSTRÖM', 'B']);
    expect(upper.calls).toEqual(['ångström', 'b']);
  });

  it('transforms a long text anew each time rather than keeping it', () => {
    const same = counted((text) => text);
    const remembering = memoized(same.transform, 10);
    const long = 'é'.repeat(65);
    remembering(long);
    remembering(long);
    expect(same.calls).toHaveLength(2);
  });

  it('keeps the first texts once full, and answers the others right', () => {
    const length = counted((text) => String(text.length));
    const remembering = memoized(length.transform, 2);
    for (const text of ['a', 'bb', 'ccc', 'a', 'bb', 'ccc']) expect(remembering(text)).toBe(String(text.length));
    expect(length.calls).toEqual(['a', 'bb', 'ccc', 'ccc']);
  });
});
