import { dataTableTexts } from '../../texts/index.js';
import {
  changeCells,
  historyValueText,
  parseHistoryPage,
  revisionHeading,
  type RecordRevision,
} from './history-change.writer.js';

const texts = dataTableTexts();

describe('the history of a record in words', () => {
  it('writes values as text: empty, Yes/No, lists, objects as JSON; never HTML', () => {
    expect(historyValueText(null, texts)).toBe('--');
    expect(historyValueText('', texts)).toBe('--');
    expect(historyValueText(true, texts)).toBe('Yes');
    expect(historyValueText([1, 2], texts)).toBe('1, 2');
    expect(historyValueText({ id: 3 }, texts)).toBe('{"id":3}');
    expect(historyValueText('<b>x</b>', texts)).toBe('<b>x</b>');
  });

  it("gives a change's cells: before and after, keys removed and added, a secret said without values", () => {
    expect(changeCells({ field: 'title', before: 'A', after: 'B' }, texts, { title: 'Title' })).toEqual({
      field: 'Title',
      before: 'A',
      after: 'B',
    });
    expect(changeCells({ field: 'genres', added: [3], removed: [1, 2] }, texts)).toEqual({
      field: 'genres',
      before: 'removed 1, 2',
      after: 'added 3',
    });
    expect(changeCells({ field: 'genres', added: [3], removed: [] }, texts).before).toBe('--');
    expect(changeCells({ field: 'pin', omitted: 'secret' }, texts)).toEqual({
      field: 'pin',
      before: 'changed (not shown)',
      after: 'changed (not shown)',
    });
    expect(changeCells({ field: 'notes', omitted: 'too-long' }, texts).after).toBe('changed (too long to show)');
  });

  it('heads a revision with what was done, by whom (or someone), when', () => {
    const revision: RecordRevision = { id: 1, action: 'restore', route: 'POST /x', user: null, at: '', changes: [] };
    expect(revisionHeading(revision, 'today', texts)).toBe('Restored by someone, today');
    expect(revisionHeading({ ...revision, action: 'create', user: 'ana' }, 'today', texts)).toBe(
      'Created by ana, today',
    );
  });

  it('reads only an answer of the shape of a history page', () => {
    expect(parseHistoryPage({ page: 1, size: 20, total: 0, revisions: [] })).toEqual({
      page: 1,
      size: 20,
      total: 0,
      revisions: [],
    });
    expect(parseHistoryPage({ page: '1', size: 20, total: 0, revisions: [] })).toBeNull();
    expect(parseHistoryPage(null)).toBeNull();
  });
});
