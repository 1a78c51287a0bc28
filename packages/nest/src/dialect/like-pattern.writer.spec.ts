import { containsPattern, foldedContains } from './like-pattern.writer.js';
import { postgresDialect } from './postgres.dialect.js';

describe('containsPattern', () => {
  it('escapes %, _ and the escape character and leaves backslash alone', () => {
    expect(containsPattern('100%_!\\')).toBe('%100!%!_!!\\%');
  });

  it('opens the pattern only where the anchor lets more text in', () => {
    expect(containsPattern('a', 'start')).toBe('a%');
    expect(containsPattern('a', 'end')).toBe('%a');
    expect(containsPattern('a', 'whole')).toBe('a');
  });
});

describe('foldedContains', () => {
  it('folds both sides and compares by code point', () => {
    expect(foldedContains(postgresDialect, 't.name', ':p')).toBe(
      `(lower(CAST(t.name AS text))) COLLATE "C" LIKE lower(CAST(:p AS text)) ESCAPE '!'`,
    );
  });
});
