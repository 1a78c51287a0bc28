import { FALSE_WORDS, parseBooleanWord, TRUE_WORDS } from './boolean-words.js';

describe('parseBooleanWord', () => {
  it.each(['true', 'TRUE', 'True', '1', 'yes', 'YES', 'Yes'])('reads %j as true', (word) => {
    expect(parseBooleanWord(word)).toBe(true);
  });

  it.each(['false', 'FALSE', 'False', '0', 'no', 'NO', 'No'])('reads %j as false', (word) => {
    expect(parseBooleanWord(word)).toBe(false);
  });

  it.each([
    '',
    ' true',
    'true ',
    'y',
    'n',
    'on',
    'off',
    '01',
    '1.0',
    'truee',
    'maybe',
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
  ])('reads %j as no boolean at all', (word) => {
    expect(parseBooleanWord(word)).toBeUndefined();
  });

  it('lists each word once, in lower case, on one side only', () => {
    const words = [...TRUE_WORDS, ...FALSE_WORDS];
    expect(new Set(words).size).toBe(6);
    for (const word of words) expect(word).toBe(word.toLowerCase());
  });
});
