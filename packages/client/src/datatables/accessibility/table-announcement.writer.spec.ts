import { dataTableTexts } from '../../texts/index.js';
import { tableAnnouncement, type TableSituation } from './table-announcement.writer.js';

const texts = { ...dataTableTexts(), rowsWord: 'albums', rowWord: 'album' };
const format = (value: number) => value.toLocaleString('en');
const at = (matching: number, page: number, pages: number, exact = true): TableSituation => ({
  matching,
  exact,
  page,
  pages,
});

describe('tableAnnouncement', () => {
  it('says how many rows match and the page when the count changed', () => {
    expect(tableAnnouncement(at(600, 1, 60), at(572, 1, 58), texts, format)).toBe('572 albums match. Page 1 of 58');
  });

  it('says only the page when only the page changed', () => {
    expect(tableAnnouncement(at(572, 1, 58), at(572, 3, 58), texts, format)).toBe('Page 3 of 58');
  });

  it('says nothing when neither changed (a new ordering)', () => {
    expect(tableAnnouncement(at(572, 3, 58), at(572, 3, 58), texts, format)).toBeNull();
  });

  it('has words for one row and for none', () => {
    expect(tableAnnouncement(at(2, 1, 1), at(1, 1, 1), texts, format)).toBe('1 album matches. Page 1 of 1');
    expect(tableAnnouncement(at(2, 1, 1), at(0, 1, 0), texts, format)).toBe('No albums match');
  });

  it('formats numbers and leaves out the number of pages of a count that is not exact', () => {
    expect(tableAnnouncement(null, at(1_000_000, 2, 100_000, false), texts, format)).toBe(
      '1,000,000 albums match. Page 2',
    );
  });

  it('uses the translated words', () => {
    const spanish = {
      ...texts,
      rowsWord: 'álbumes',
      announceMatches: '{count} {rows} coinciden',
      announcePage: 'Página {page} de {pages}',
    };
    expect(tableAnnouncement(null, at(5, 1, 1), spanish, format)).toBe('5 álbumes coinciden. Página 1 de 1');
  });
});
