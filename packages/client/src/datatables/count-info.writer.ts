import { escapeHtml } from '../escape.js';
import type { CountKind, EnvelopeCounts } from './transport/index.js';
import type { DataTableTexts } from '../texts/index.js';
import { formatTableNumber } from './core/index.js';

type CountTexts = Pick<DataTableTexts, 'countedInfo' | 'countedInfoFiltered' | 'moreThanCount' | 'aboutCount'>;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function countText(texts: CountTexts, kind: CountKind, formatted: string): string {
  if (kind === 'capped') return fill(texts.moreThanCount, { count: formatted });
  if (kind === 'estimated') return fill(texts.aboutCount, { count: formatted });
  return formatted;
}

/**
 * The information line (HTML, every word escaped) for a page whose counts are not all exact, or
 * DataTables' own line (`standard`) when they are.
 */
export function countedInfo(
  standard: string,
  counts: EnvelopeCounts | null,
  numbers: { start: number; end: number; max: number; total: number },
  texts: CountTexts,
  format: (value: number) => string,
): string {
  if (!counts || (counts.recordsTotal === 'exact' && counts.recordsFiltered === 'exact')) return standard;
  const total = countText(texts, counts.recordsFiltered, format(numbers.total));
  const max = countText(texts, counts.recordsTotal, format(numbers.max));
  let line = fill(texts.countedInfo, { start: format(numbers.start), end: format(numbers.end), total, max });
  const narrowed = numbers.total !== numbers.max || counts.recordsTotal !== counts.recordsFiltered;
  if (narrowed) line += ` ${fill(texts.countedInfoFiltered, { total, max })}`;
  return escapeHtml(line);
}

/** DataTables' `infoCallback` showing the server's count kinds of the last answer. */
export function countInfoCallback(counts: () => EnvelopeCounts | null, texts: () => Readonly<DataTableTexts>) {
  return function (settings: object, start: number, end: number, max: number, total: number, standard: string): string {
    return countedInfo(standard, counts(), { start, end, max, total }, texts(), (value) =>
      formatTableNumber(settings, value),
    );
  };
}
