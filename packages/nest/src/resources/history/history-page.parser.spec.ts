import { HISTORY_PAGE_SIZE, parseHistoryPage } from './history-page.parser.js';
import { ResourceHistoryPageError } from './resource-history.errors.js';

describe('parseHistoryPage', () => {
  it('answers the first page of the default size without parameters, and ignores a cache-buster', () => {
    expect(parseHistoryPage({})).toEqual({ page: 1, size: HISTORY_PAGE_SIZE });
    expect(parseHistoryPage({ _: '1700000000' })).toEqual({ page: 1, size: HISTORY_PAGE_SIZE });
    expect(parseHistoryPage({ page: '3', size: '100' })).toEqual({ page: 3, size: 100 });
  });

  it('refuses every wrong parameter in one error', () => {
    const refused = () => parseHistoryPage({ page: '0', size: '101', order: 'asc' });
    expect(refused).toThrow(ResourceHistoryPageError);
    expect(refused).toThrow(
      'order is not a parameter of a history (page, size); page must be a whole number from 1 to 1000000; size must be a whole number from 1 to 100',
    );
    expect(() => parseHistoryPage({ page: ['1', '2'] })).toThrow('page must be a whole number from 1 to 1000000');
    expect(() => parseHistoryPage({ size: '2.5' })).toThrow('size must be a whole number from 1 to 100');
  });
});
