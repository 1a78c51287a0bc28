import { WidgetLibError } from '../../common/errors/index.js';
import { parsePurge } from './trash-purge.parser.js';

describe('parsePurge', () => {
  it('reads true and false, absent as false', () => {
    expect(parsePurge(undefined)).toBe(false);
    expect(parsePurge('false')).toBe(false);
    expect(parsePurge('true')).toBe(true);
  });

  it('refuses any other value as invalid, naming the parameter', () => {
    for (const value of ['', 'yes', '1', 'TRUE', ['true', 'true'], { a: 'true' }]) {
      let thrown: unknown;
      try {
        parsePurge(value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(WidgetLibError);
      expect((thrown as WidgetLibError).failure).toBe('invalid');
      expect((thrown as WidgetLibError).message).toBe('purge must be true or false');
    }
  });
});
