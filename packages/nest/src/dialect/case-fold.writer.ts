/**
 * Lower-cases one code point at a time with Unicode's simple mapping, as PostgreSQL's and MariaDB's
 * `lower()` do: no context (final sigma), and `İ` (whose full lower case is two code points) gives `i`.
 */
export function foldCase(text: string): string {
  let folded = '';
  for (const character of text) {
    folded += String.fromCodePoint(character.toLowerCase().codePointAt(0)!);
  }
  return folded;
}
