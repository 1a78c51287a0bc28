import { TableRequestError } from '../datatables/internal.js';
import { confirmProblem, parseBulkConsent, unconditionedProblem } from './bulk-consent.parser.js';

describe('bulk consent', () => {
  it('reads all and confirm from a form or a JSON body', () => {
    expect(parseBulkConsent({}, 1)).toEqual({ all: false, confirm: null });
    expect(parseBulkConsent({ all: 'yes', confirm: '12' }, 1)).toEqual({ all: true, confirm: 12 });
    expect(parseBulkConsent({ all: true, confirm: 0 }, 1)).toEqual({ all: true, confirm: 0 });
    expect(parseBulkConsent({ all: 'FALSE' }, 1)).toEqual({ all: false, confirm: null });
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
    expect(unconditionedProblem(true, { all: false, confirm: null })).toBeNull();
    expect(unconditionedProblem(false, { all: true, confirm: null })).toBeNull();
    expect(unconditionedProblem(false, { all: false, confirm: 5 })).toMatch(/send all=true/);
  });

  it('holds the action to the confirmed count', () => {
    expect(confirmProblem(5, { all: false, confirm: null })).toBeNull();
    expect(confirmProblem(5, { all: false, confirm: 5 })).toBeNull();
    expect(confirmProblem(4, { all: false, confirm: 5 })).toBe(
      'confirm=5, but 4 rows match the request now: the table changed since it was shown; reload it and try again',
    );
  });
});
