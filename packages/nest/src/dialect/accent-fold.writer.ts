import { foldCase } from './case-fold.writer.js';

/**
 * Letters that are a base letter with a stroke or bar drawn through it rather than a separate
 * accent, so that Unicode does not decompose them: PostgreSQL's `unaccent`, the accent-insensitive
 * collations of MariaDB and MySQL and ICU's root collation all take them for their base letter.
 */
const STROKED: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
};

/**
 * Letters that are another shape of a letter: Greek's final sigma, which Unicode's case folding
 * and the servers' accent-insensitive collations take for `σ`.
 */
const LETTER_SHAPES: Readonly<Record<string, string>> = { ς: 'σ' };

/** Letters written with an accent that the languages using them sort as letters of their own, as every server does. */
const SEPARATE_LETTERS = new Set(['й', 'Й']);

const MARKS = /\p{Mn}/gu;

/**
 * `text` with its accents taken off and lower-cased, as the data tables' search compares texts:
 * each character's canonical decomposition (NFD) without its combining marks (but Cyrillic `й`),
 * letters with a stroke as their base letter ({@link STROKED}), the final sigma as `σ`, then {@link foldCase}. Ligatures and
 * `ß` stay as they are.
 */
export function foldAccents(text: string): string {
  let bare = '';
  // An ASCII character has no accent (SQLite calls this for each row of a search, mostly ASCII text).
  for (const character of text.normalize('NFC')) bare += character <= '\u007f' ? character : bareLetter(character);
  return foldCase(bare);
}

/** The characters outside ASCII met lately, without their accents (a text's fold is written per character). */
const bareLetters = new Map<string, string>();
/** The most characters {@link bareLetters} keeps; beyond it, each is folded anew. */
const BARE_LETTERS_KEPT = 4_096;

function bareLetter(character: string): string {
  let bare = bareLetters.get(character);
  if (bare === undefined) {
    bare = SEPARATE_LETTERS.has(character)
      ? character
      : (STROKED[character] ?? LETTER_SHAPES[character] ?? character.normalize('NFD').replace(MARKS, ''));
    if (bareLetters.size < BARE_LETTERS_KEPT) bareLetters.set(character, bare);
  }
  return bare;
}

/**
 * PostgreSQL's `translate()` arguments that take the accents off the letters of Latin-1, Latin
 * Extended-A and B, Greek and Cyrillic (`from` each letter, `to` its lower-case base letter): the search's fallback
 * on a server without the `unaccent` extension.
 */
export function accentTranslation(): { from: string; to: string } {
  let from = '';
  let to = '';
  const ranges: [number, number][] = [
    [0x00c0, 0x024f],
    [0x0386, 0x03ce],
    [0x0400, 0x04ff],
  ];
  for (const [first, last] of ranges) {
    for (let code = first; code <= last; code++) {
      const letter = String.fromCodePoint(code);
      const base = foldAccents(letter);
      if ([...base].length === 1 && base !== foldCase(letter)) {
        from += letter;
        to += base;
      }
    }
  }
  return { from, to };
}
