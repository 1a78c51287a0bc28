import type { TailoredLanguage } from './collation-language.types.js';

/**
 * A sort key for SQLite, whose better-sqlite3 driver cannot register a collation: texts ordered
 * by their keys compared byte by byte (SQLite's BINARY) follow the root collation of the Unicode
 * Collation Algorithm as ICU applies it (what PostgreSQL's `und-x-icu` and MariaDB's `uca1400`
 * collations order by) for the Latin, Greek and Cyrillic letters: three levels, each compared in
 * full before the next — letters by their base letter, then accents, then case (lower first).
 *
 * It approximates the collation without its tables: punctuation and symbols come before digits and
 * digits before letters (ASCII punctuation in ICU's order, other punctuation by code point), base
 * letters follow code points (which orders the Latin, Greek and Cyrillic alphabets as ICU does,
 * but not the letters some languages add after `z`), accents follow the collation's order of the
 * common ones, and controls are ignored. A language's own letters ({@link TAILORINGS}) are placed
 * as CLDR's tailoring of the language places them.
 */

/** Each ASCII punctuation character and the space, in the order ICU's root collation gives them. */
const ASCII_VARIABLE = ` _-,;:!?.'"()[]{}@*/\\&#%\`^+<=>|~$`;

/** The combining marks in the order of their secondary weights in the collation's tables. */
const MARK_ORDER = [0x301, 0x300, 0x306, 0x302, 0x30c, 0x30a, 0x308, 0x30b, 0x303, 0x307, 0x327, 0x328, 0x304];

/** Letters the collation takes for two letters (`æ` as `ae`), apart at the third level. */
const EXPANSIONS: Readonly<Record<string, string>> = { æ: 'ae', œ: 'oe', ß: 'ss', ĳ: 'ij' };

/** Letters with a stroke through them, which the collation orders with their base letter. */
const STROKED: Readonly<Record<string, string>> = { ł: 'l', ø: 'o', đ: 'd', ħ: 'h', ŧ: 't' };

/**
 * Where a language puts one of its letters (a lower-case letter, or one with its accent in NFD):
 * `after` a letter, as a letter of its own (the `rank`th of those after it), or with the letter
 * (`rank` null); in either case the `variant`th of the letters there that differ by their accent.
 */
interface TailoredLetter {
  after: string;
  rank: number | null;
  variant: number;
}

/** The letters each language orders otherwise than the root collation (CLDR's standard tailorings). */
const TAILORINGS: Readonly<Record<TailoredLanguage, ReadonlyMap<string, TailoredLetter>>> = {
  // &N<ñ<<<Ñ
  es: new Map([['n\u0303', { after: 'n', rank: 0, variant: 0 }]]),
  // &Y<<ü<<ű &[before 1]ǀ<å<ä<<æ<<ę<ö<<ø<<ő<<œ<<ô (each with its upper case)
  sv: new Map([
    ['u\u0308', { after: 'y', rank: null, variant: 1 }],
    ['u\u030b', { after: 'y', rank: null, variant: 2 }],
    ['a\u030a', { after: 'z', rank: 0, variant: 0 }],
    ['a\u0308', { after: 'z', rank: 1, variant: 0 }],
    ['æ', { after: 'z', rank: 1, variant: 1 }],
    ['e\u0328', { after: 'z', rank: 1, variant: 2 }],
    ['o\u0308', { after: 'z', rank: 2, variant: 0 }],
    ['ø', { after: 'z', rank: 2, variant: 1 }],
    ['o\u030b', { after: 'z', rank: 2, variant: 2 }],
    ['œ', { after: 'z', rank: 2, variant: 3 }],
    ['o\u0302', { after: 'z', rank: 2, variant: 4 }],
  ]),
};

/** The first character of every tailored letter of any language. */
const TAILORED_STARTS = new Set(
  Object.values(TAILORINGS).flatMap((letters) => [...letters.keys()].map((letter) => letter[0]!)),
);

const COMMON_SECONDARY = 0x20;
/** The first secondary weight of a combining mark: those between are the tailored letters' variants. */
const FIRST_MARK = COMMON_SECONDARY + 8;
/** The second primary weight of a letter placed after another, above every letter's weight. */
const AFTER_LETTER = 0xf00000;
const DIGIT_BASE = 0x200000;
const LETTER_BASE = 0x300000;

function hex(weight: number, width: number): string {
  return weight.toString(16).padStart(width, '0');
}

function markWeight(codePoint: number): number {
  const index = MARK_ORDER.indexOf(codePoint);
  if (index >= 0) return FIRST_MARK + index;
  if (codePoint >= 0x300 && codePoint <= 0x36f) return 0x40 + (codePoint - 0x300);
  return 0xf0;
}

function primaryWeight(lower: string): number {
  const variable = ASCII_VARIABLE.indexOf(lower);
  if (variable >= 0) return 1 + variable;
  if (/[\p{Z}\p{P}\p{S}]/u.test(lower)) return 0x100 + lower.codePointAt(0)!;
  if (lower >= '0' && lower <= '9') return DIGIT_BASE + lower.charCodeAt(0) - 0x30;
  // The final sigma is a sigma with another shape.
  return LETTER_BASE + (lower === 'ς' ? 0x3c3 : lower.codePointAt(0)!);
}

/**
 * The sort key of `text` (see the module's comment) in the order of `language`'s collation. One call
 * per row and per sort: a root key looks up no tailoring.
 */
export function naturalSortKey(text: string, language: TailoredLanguage | 'root' = 'root'): string {
  const tailoring = language === 'root' ? null : TAILORINGS[language];
  let primary = '';
  let secondary = '';
  let tertiary = '';
  const characters = Array.from(text.normalize('NFD'));
  for (let index = 0; index < characters.length; index++) {
    const character = characters[index]!;
    const codePoint = character.codePointAt(0)!;
    if (/\p{Mn}/u.test(character)) {
      secondary += hex(markWeight(codePoint), 2);
      continue;
    }
    if (/\p{Cc}|\p{Cf}/u.test(character)) continue;
    const lower = character.toLowerCase();
    const upper = lower !== character ? 1 : 0;
    // Most letters start no tailored one: a lookup only for those that do.
    if (tailoring && TAILORED_STARTS.has(lower)) {
      const next = characters[index + 1];
      const withMark = next === undefined ? undefined : tailoring.get(lower + next);
      const tailored = withMark ?? tailoring.get(lower);
      if (tailored) {
        if (withMark) index++;
        primary += hex(primaryWeight(tailored.after), 6);
        if (tailored.rank !== null) primary += hex(AFTER_LETTER + tailored.rank, 6);
        secondary += hex(COMMON_SECONDARY + tailored.variant, 2);
        tertiary += String(upper);
        continue;
      }
    }
    const expansion = EXPANSIONS[lower];
    const letters = expansion ?? STROKED[lower] ?? (Array.from(lower)[0] as string);
    for (const letter of letters) {
      primary += hex(primaryWeight(letter), 6);
      secondary += hex(COMMON_SECONDARY, 2);
      tertiary += String(upper + (expansion || STROKED[lower] ? 2 : 0));
    }
    // A stroke sorts as an accent after those the tables name.
    if (STROKED[lower]) secondary += hex(0xf1, 2);
  }
  return `${primary} ${secondary} ${tertiary}`;
}
