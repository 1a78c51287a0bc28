import { userMessageText, type UserMessage } from '../common/messages/index.js';
import { helpFieldsProblem, helpTextLimitProblem } from './help-text.checks.js';

const text = (problem: UserMessage | null) => problem && userMessageText(problem);

describe('helpTextLimitProblem', () => {
  it('accepts text at both limits', () => {
    expect(helpTextLimitProblem({ html: 'x'.repeat(100_000), depth: 100 })).toBeNull();
  });

  it('names help_text and the character limit when sanitising grew the text past it', () => {
    expect(text(helpTextLimitProblem({ html: 'x'.repeat(100_001), depth: 1 }))).toBe(
      'help_text must be shorter than or equal to 100000 characters after sanitising (it has 100001)',
    );
  });

  it('names help_text and the depth limit, before the length', () => {
    expect(text(helpTextLimitProblem({ html: 'x'.repeat(200_000), depth: 101 }))).toBe(
      'help_text must not nest elements more than 100 deep (it nests 101)',
    );
  });
});

describe('helpFieldsProblem', () => {
  const valid = { id_view: 'albums:edit', question_name: 'name', help_title: 'Name', help_text: '', language: null };

  it('accepts fields within every limit, help_text and language left out too', () => {
    expect(helpFieldsProblem(valid)).toBeNull();
    expect(helpFieldsProblem({ id_view: 'v', question_name: 'q', help_title: ' t ' })).toBeNull();
    expect(helpFieldsProblem({ ...valid, help_title: 't'.repeat(350), help_text: 'x'.repeat(100_000) })).toBeNull();
  });

  it.each([
    [{ id_view: undefined }, 'id_view must be a string'],
    [{ question_name: '   ' }, 'question_name should not be empty'],
    [{ help_title: ` ${'t'.repeat(351)} ` }, 'help_title must be shorter than or equal to 350 characters'],
    [{ id_view: 'v'.repeat(256) }, 'id_view must be shorter than or equal to 255 characters'],
    [{ help_text: 7 }, 'help_text must be a string'],
    [{ help_text: 'x'.repeat(100_001) }, 'help_text must be shorter than or equal to 100000 characters'],
    [{ language: 3 }, 'language must be a string or null'],
  ])('names the field of %j', (change, problem) => {
    expect(text(helpFieldsProblem({ ...valid, ...change }))).toBe(problem);
  });
});
