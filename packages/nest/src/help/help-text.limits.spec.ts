import { helpTextLimitProblem } from './help-text.limits.js';

describe('helpTextLimitProblem', () => {
  it('accepts text at both limits', () => {
    expect(helpTextLimitProblem({ html: 'x'.repeat(100_000), depth: 100 })).toBeNull();
  });

  it('names help_text and the character limit when sanitising grew the text past it', () => {
    expect(helpTextLimitProblem({ html: 'x'.repeat(100_001), depth: 1 })).toBe(
      'help_text must be shorter than or equal to 100000 characters after sanitising (it has 100001)',
    );
  });

  it('names help_text and the depth limit, before the length', () => {
    expect(helpTextLimitProblem({ html: 'x'.repeat(200_000), depth: 101 })).toBe(
      'help_text must not nest elements more than 100 deep (it nests 101)',
    );
  });
});
