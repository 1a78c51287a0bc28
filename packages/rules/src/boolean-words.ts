// The words a list endpoint takes for a boolean (DESIGN.md 2.6): the server's parser reads them and
// the client's filter row sends only what it reads.
export const TRUE_WORDS: readonly string[] = ['true', '1', 'yes'];
export const FALSE_WORDS: readonly string[] = ['false', '0', 'no'];

/** `true/false/1/0/yes/no` in any case, or `undefined` for anything else (white space included). */
export function parseBooleanWord(text: string): boolean | undefined {
  const word = text.toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  return undefined;
}
