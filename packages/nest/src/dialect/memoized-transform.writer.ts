/** Longer texts are transformed anew each time, so that what is kept stays small. */
const LONGEST_KEPT_TEXT = 64;

/**
 * `transform` remembering its answers for up to `kept` short texts. SQLite calls the fold and
 * sort-key functions once per row, and a table's texts repeat: a country's name on the row of each
 * of its people, the same rows searched again by the next request and the one after. Once full it
 * keeps what it has rather than starting again: a search reads every row of its table in the same
 * order each time, so a table with more distinct texts than `kept` would otherwise never find one.
 */
export function memoized(transform: (text: string) => string, kept: number): (text: string) => string {
  const answers = new Map<string, string>();
  return (text) => {
    if (text.length > LONGEST_KEPT_TEXT) return transform(text);
    let answer = answers.get(text);
    if (answer === undefined) {
      answer = transform(text);
      if (answers.size < kept) answers.set(text, answer);
    }
    return answer;
  };
}
