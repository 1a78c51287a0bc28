import type { DataTableTexts } from '../../texts/index.js';

export type AnnouncementTexts = Pick<
  DataTableTexts,
  | 'rowsWord'
  | 'rowWord'
  | 'announceMatches'
  | 'announceMatchesOne'
  | 'announceNoMatches'
  | 'announcePage'
  | 'announcePageOnly'
>;

/** What a drawn page says about the table: rows matching, page shown (from 1), pages. */
export interface TableSituation {
  matching: number;
  /** Whether `matching` is the server's exact count (not capped or estimated). */
  exact: boolean;
  page: number;
  pages: number;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * What to announce after a draw: the rows matching when their number changed, the page when it or
 * the number of pages changed; `null` when neither did (an ordering, the same request again).
 */
export function tableAnnouncement(
  before: TableSituation | null,
  now: TableSituation,
  texts: AnnouncementTexts,
  format: (value: number) => string,
): string | null {
  const parts: string[] = [];
  if (!before || before.matching !== now.matching || before.exact !== now.exact) {
    const words = { count: format(now.matching), rows: texts.rowsWord, row: texts.rowWord };
    if (now.matching === 0) parts.push(fill(texts.announceNoMatches, words));
    else if (now.matching === 1 && now.exact) parts.push(fill(texts.announceMatchesOne, words));
    else parts.push(fill(texts.announceMatches, words));
  }
  const pageChanged = !before || before.page !== now.page || before.pages !== now.pages;
  if (now.matching > 0 && (pageChanged || parts.length > 0)) {
    const page = { page: format(now.page), pages: format(now.pages) };
    parts.push(fill(now.exact ? texts.announcePage : texts.announcePageOnly, page));
  }
  return parts.length > 0 ? parts.join('. ') : null;
}
