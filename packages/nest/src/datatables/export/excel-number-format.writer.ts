/** Luxon tokens an Excel number format has a code for, and that code. */
const CODES: Record<string, string> = {
  yyyy: 'yyyy',
  yy: 'yy',
  MMMM: 'mmmm',
  MMM: 'mmm',
  MM: 'mm',
  M: 'm',
  LLLL: 'mmmm',
  LLL: 'mmm',
  LL: 'mm',
  L: 'm',
  dd: 'dd',
  d: 'd',
  EEEE: 'dddd',
  EEE: 'ddd',
  cccc: 'dddd',
  ccc: 'ddd',
  HH: 'hh',
  H: 'h',
  hh: 'hh',
  h: 'h',
  mm: 'mm',
  m: 'm',
  ss: 'ss',
  s: 's',
  a: 'AM/PM',
};

type Part = { token: string } | { literal: string };

/** The tokens and literal text of a Luxon format (`'...'` quotes letters, `''` is a quote). */
function luxonParts(format: string): Part[] | null {
  const parts: Part[] = [];
  let index = 0;
  while (index < format.length) {
    const character = format[index]!;
    if (character === "'") {
      const end = format.indexOf("'", index + 1);
      if (end === -1) return null;
      parts.push({ literal: end === index + 1 ? "'" : format.slice(index + 1, end) });
      index = end + 1;
    } else if (/[A-Za-z]/.test(character)) {
      let end = index;
      while (format[end] === character) end += 1;
      parts.push({ token: format.slice(index, end) });
      index = end;
    } else {
      parts.push({ literal: character });
      index += 1;
    }
  }
  return parts;
}

const isHour = (part: Part | undefined) => part !== undefined && 'token' in part && /^[Hh]+$/.test(part.token);
const isSecond = (part: Part | undefined) => part !== undefined && 'token' in part && /^s+$/.test(part.token);

/**
 * The Excel number format showing a date as the Luxon `format` does (`dd.MM.yyyy HH:mm` ->
 * `dd\.mm\.yyyy hh\:mm`), or null when it has no exact equivalent: a token Excel lacks (time
 * zones, week numbers, fractions, Luxon's macro formats), a 12-hour hour without `a` or the
 * reverse, or a month or minute Excel would read as the other (Excel's `m` is the minute right
 * after an hour or before a second, the month elsewhere).
 */
export function excelNumberFormat(format: string): string | null {
  const parts = luxonParts(format);
  if (!parts) return null;
  const tokens = parts.filter((part): part is { token: string } => 'token' in part).map((part) => part.token);
  const twelveHour = tokens.some((token) => /^h+$/.test(token));
  if (twelveHour !== tokens.includes('a')) return null;
  let written = '';
  for (const [index, part] of parts.entries()) {
    if ('literal' in part) {
      written += [...part.literal].map((character) => (character === ' ' ? ' ' : `\\${character}`)).join('');
      continue;
    }
    const code = CODES[part.token];
    if (code === undefined) return null;
    const previous = parts.slice(0, index).findLast((each) => 'token' in each);
    const next = parts.slice(index + 1).find((each) => 'token' in each);
    const readAsMinute = isHour(previous) || isSecond(next);
    if (/^M+$|^L+$/.test(part.token) && part.token.length <= 2 && readAsMinute) return null;
    if (/^m+$/.test(part.token) && !readAsMinute) return null;
    written += code;
  }
  return written;
}
