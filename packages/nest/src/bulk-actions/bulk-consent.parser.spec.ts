import { TableRequestError } from '../datatables/internal.js';
import {
  bulkKeyKind,
  confirmProblem,
  MAX_BULK_IDS,
  parseBulkConsent,
  unconditionedProblem,
} from './bulk-consent.parser.js';

describe('bulk consent', () => {
  it('reads all and confirm from a form or a JSON body', () => {
    expect(parseBulkConsent({}, 1)).toEqual({ all: false, confirm: null, ids: null });
    expect(parseBulkConsent({ all: 'yes', confirm: '12' }, 1)).toEqual({ all: true, confirm: 12, ids: null });
    expect(parseBulkConsent({ all: true, confirm: 0 }, 1)).toEqual({ all: true, confirm: 0, ids: null });
    expect(parseBulkConsent({ all: 'FALSE' }, 1)).toEqual({ all: false, confirm: null, ids: null });
  });

  it('reads the rows picked one by one, comma-separated, repeated or as a JSON array, without repeats', () => {
    expect(parseBulkConsent({ ids: '3, 1,3' }, 1).ids).toEqual([3, 1]);
    expect(parseBulkConsent({ ids: ['4', '5'] }, 1).ids).toEqual([4, 5]);
    expect(parseBulkConsent({ ids: [7, 8] }, 1).ids).toEqual([7, 8]);
    expect(parseBulkConsent({ 'ids[]': ['9'] }, 1).ids).toEqual([9]);
    expect(parseBulkConsent({ ids: 'a-1,b 2' }, 1, 'text').ids).toEqual(['a-1', 'b 2']);
    // Past the safe range an integer key stays text.
    expect(parseBulkConsent({ ids: '12345678901234567890' }, 1).ids).toEqual(['12345678901234567890']);
  });

  it('names bad ids, an empty list and too many ids', () => {
    expect(() => parseBulkConsent({ ids: '1,x,2.5,' }, 1)).toThrow(
      'ids must list integer keys, comma-separated; not "x", "2.5", ""',
    );
    expect(() => parseBulkConsent({ ids: '' }, 1)).toThrow(/ids must list at least one row's key/);
    expect(() => parseBulkConsent({ ids: 'a,' }, 1, 'text')).toThrow(/ids must list keys of 1 to 255 characters/);
    const many = Array.from({ length: MAX_BULK_IDS + 1 }, (_, index) => index + 1).join(',');
    expect(() => parseBulkConsent({ ids: many }, 1)).toThrow(`ids may list at most ${MAX_BULK_IDS} rows, got 1001`);
  });

  it('tells integer keys from text keys by the column type', () => {
    expect(['int', 'integer', 'bigint', 'smallint', Number].map(bulkKeyKind)).toEqual(Array(5).fill('integer'));
    expect(['uuid', 'varchar', String].map(bulkKeyKind)).toEqual(Array(3).fill('text'));
  });

  it('names every bad value at once, with the draw', () => {
    let thrown: unknown;
    try {
      parseBulkConsent({ all: 'everything', confirm: ['1', '2'] }, 7);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TableRequestError);
    expect((thrown as TableRequestError).draw).toBe(7);
    expect((thrown as TableRequestError).problems).toEqual([
      'all must be true or false, got "everything"',
      'confirm must be given once, got 2 values',
    ]);
    expect(() => parseBulkConsent({ confirm: '-1' }, 1)).toThrow(/confirm must be the number of matching rows/);
    expect(() => parseBulkConsent({ confirm: '1.5' }, 1)).toThrow(/confirm must be/);
  });

  it('refuses a request without conditions unless it says all=true', () => {
    expect(unconditionedProblem(true, { all: false, confirm: null, ids: null })).toBeNull();
    expect(unconditionedProblem(false, { all: true, confirm: null, ids: null })).toBeNull();
    expect(unconditionedProblem(false, { all: false, confirm: null, ids: [1] })).toBeNull();
    expect(unconditionedProblem(false, { all: false, confirm: 5, ids: null })).toMatch(/send all=true/);
  });

  it('holds the action to the confirmed count', () => {
    expect(confirmProblem(5, { all: false, confirm: null, ids: null })).toBeNull();
    expect(confirmProblem(5, { all: false, confirm: 5, ids: null })).toBeNull();
    expect(confirmProblem(4, { all: false, confirm: 5, ids: null })).toBe(
      'confirm=5, but 4 rows match the request now: the table changed since it was shown; reload it and try again',
    );
  });
});
