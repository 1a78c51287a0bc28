import { HelpApiError, type HelpUsageEvent } from '../core/index.js';
import { HelpUsageReporter } from './help-usage-reporter.client.js';

function reporter(answer: (event: HelpUsageEvent) => Promise<void> = async () => {}) {
  const sent: HelpUsageEvent[] = [];
  let disabledCalls = 0;
  const usage = new HelpUsageReporter(
    'albums:edit',
    (event) => {
      sent.push(event);
      return answer(event);
    },
    () => (disabledCalls += 1),
  );
  return { usage, sent, disabledCalls: () => disabledCalls };
}

describe('HelpUsageReporter', () => {
  it('sends each kind of event in the shape the server takes', async () => {
    const { usage, sent } = reporter();
    expect(await usage.opened(4)).toBe('recorded');
    expect(await usage.asked('year')).toBe('recorded');
    expect(await usage.missing('genre')).toBe('recorded');
    expect(await usage.answer(4, 'not_helpful')).toBe('recorded');
    expect(sent).toEqual([
      { event: 'opened', help_id: 4 },
      { event: 'asked', id_view: 'albums:edit', question_name: 'year' },
      { event: 'missing', id_view: 'albums:edit', question_name: 'genre' },
      { event: 'not_helpful', help_id: 4 },
    ]);
  });

  it('sends one answer per entry and one request per field, and remembers them', async () => {
    const { usage, sent } = reporter();
    await usage.answer(4, 'helpful');
    await usage.answer(4, 'not_helpful');
    await usage.missing('genre');
    await usage.missing('genre');
    expect(sent).toHaveLength(2);
    expect(usage.answerOf(4)).toBe('helpful');
    expect(usage.answerOf(5)).toBeUndefined();
    expect(usage.hasRequested('genre')).toBe(true);
  });

  it('stops for good at the first 404 and says so once', async () => {
    const { usage, sent, disabledCalls } = reporter(async () => {
      throw new HelpApiError(404, ['Help usage is not recorded']);
    });
    expect(await usage.opened(1)).toBe('disabled');
    expect(await usage.asked('year')).toBe('disabled');
    expect(await usage.answer(1, 'helpful')).toBe('disabled');
    expect(sent).toHaveLength(1);
    expect(disabledCalls()).toBe(1);
    expect(usage.enabled).toBe(false);
  });

  it('sends nothing when the host says usage is not recorded', async () => {
    const sent: HelpUsageEvent[] = [];
    const usage = new HelpUsageReporter(
      'v',
      async (event) => void sent.push(event),
      () => {},
      false,
    );
    expect(usage.enabled).toBe(false);
    expect(await usage.opened(1)).toBe('disabled');
    expect(await usage.missing('year')).toBe('disabled');
    expect(sent).toEqual([]);
  });

  it('keeps going after other failures; an answer that failed may be given again', async () => {
    let fail = true;
    const { usage, sent } = reporter(async () => {
      if (fail) throw new HelpApiError(0, ['The server could not be reached.']);
    });
    expect(await usage.answer(2, 'helpful')).toBe('failed');
    expect(usage.answerOf(2)).toBeUndefined();
    fail = false;
    expect(await usage.answer(2, 'helpful')).toBe('recorded');
    expect(sent).toHaveLength(2);
    expect(usage.enabled).toBe(true);
  });
});
