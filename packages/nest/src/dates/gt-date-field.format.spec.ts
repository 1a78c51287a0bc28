import fc from 'fast-check';
import { DateTime } from 'luxon';
import { DateFieldValidationError } from './date-field-validation.errors.js';
import { GTDateField } from './gt-date-field.format.js';

function localDay(date: Date): [number, number, number, number] {
  return [date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours()];
}

function validationError(run: () => unknown): DateFieldValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof DateFieldValidationError) return error;
    throw error;
  }
  throw new Error('expected a DateFieldValidationError');
}

describe('GTDateField', () => {
  describe('toInternalValue', () => {
    it('reads an ISO 8601 date as local midnight of that day', () => {
      const value = new GTDateField().toInternalValue('2024-03-05');
      expect(value).toBeInstanceOf(Date);
      expect(localDay(value!)).toEqual([2024, 3, 5, 0]);
      expect(value!.getTime()).toBe(new Date(2024, 2, 5).getTime());
    });

    it('reads the other ISO 8601 date forms and trims white space', () => {
      const field = new GTDateField();
      for (const text of ['20240305', '2024-W10-2', '2024-065', '  2024-03-05\n']) {
        expect(localDay(field.toInternalValue(text)!)).toEqual([2024, 3, 5, 0]);
      }
    });

    it('reads the first and the last day that every database keeps', () => {
      expect(localDay(new GTDateField().toInternalValue('1000-01-01')!)).toEqual([1000, 1, 1, 0]);
      expect(localDay(new GTDateField().toInternalValue('9999-12-31')!)).toEqual([9999, 12, 31, 0]);
    });

    it('reads the configured format besides ISO 8601', () => {
      const field = new GTDateField({ format: 'dd.MM.yyyy' });
      expect(localDay(field.toInternalValue('05.03.2024')!)).toEqual([2024, 3, 5, 0]);
      expect(localDay(field.toInternalValue('2024-03-05')!)).toEqual([2024, 3, 5, 0]);
      expect(() => field.toInternalValue('5.3.2024')).toThrow(DateFieldValidationError);
    });

    it('reads the inputFormats too and names them all when refusing', () => {
      const field = new GTDateField({ format: 'dd.MM.yyyy', inputFormats: ['d/M/yyyy', 'MMMM d, yyyy'] });
      expect(localDay(field.toInternalValue('5/3/2024')!)).toEqual([2024, 3, 5, 0]);
      expect(localDay(field.toInternalValue('March 5, 2024')!)).toEqual([2024, 3, 5, 0]);
      expect(validationError(() => field.toInternalValue('5-3-2024')).message).toBe(
        'Value must be a date in one of the formats dd.MM.yyyy, d/M/yyyy, MMMM d, yyyy or ISO 8601 (yyyy-MM-dd)',
      );
    });

    it('accepts an empty string as null by default', () => {
      const field = new GTDateField();
      expect(field.allowEmptyStr).toBe(true);
      expect(field.toInternalValue('')).toBeNull();
      expect(field.toInternalValue('   ')).toBeNull();
    });

    it('refuses an empty string without allowEmptyStr, naming the format', () => {
      const field = new GTDateField({ allowEmptyStr: false, format: 'dd.MM.yyyy' });
      const error = validationError(() => field.toInternalValue(''));
      expect(error.describe('released')).toBe(
        'released must be a date in the format dd.MM.yyyy or ISO 8601 (yyyy-MM-dd), not an empty string',
      );
      expect(() => field.toInternalValue(' \t')).toThrow(DateFieldValidationError);
    });

    it('gives null for null and undefined, with or without allowEmptyStr', () => {
      for (const allowEmptyStr of [true, false]) {
        const field = new GTDateField({ allowEmptyStr });
        expect(field.toInternalValue(null)).toBeNull();
        expect(field.toInternalValue(undefined)).toBeNull();
      }
    });

    it.each([
      'garbage',
      '2024-02-30',
      '2023-02-29',
      '2024-13-01',
      '2024-3-5',
      '05.03.2024',
      '2024-03-05T10:00',
      '2024-03-05t10:00Z',
      '2024-03-05 10:00',
      `2024-03-05${' '.repeat(10)}x`,
      '9'.repeat(100),
    ])('refuses %j with the expected format in the message', (text) => {
      const error = validationError(() => new GTDateField().toInternalValue(text));
      expect(error.describe('released')).toBe('released must be a date in the format yyyy-MM-dd (ISO 8601)');
    });

    it.each([[20240305], [true], [{}], [['2024-03-05']], [new Date(Number.NaN)]])(
      'refuses the non-string %p',
      (value) => {
        expect(validationError(() => new GTDateField().toInternalValue(value)).message).toContain('yyyy-MM-dd');
      },
    );

    it('refuses years outside 1000..9999', () => {
      const field = new GTDateField();
      for (const text of ['0999-12-31', '0001-01-01', '+010000-01-01', '-000001-01-01']) {
        expect(validationError(() => field.toInternalValue(text)).message).toBe(
          'Value must be a date in the format yyyy-MM-dd (ISO 8601), with a year from 1000 to 9999',
        );
      }
      const early = new Date(2000, 0, 1);
      early.setFullYear(999, 11, 31);
      expect(() => field.toInternalValue(early)).toThrow('with a year from 1000 to 9999');
    });

    it('takes the local calendar day of a Date, at midnight', () => {
      const value = new GTDateField().toInternalValue(new Date(2024, 2, 5, 23, 59, 59, 999));
      expect(localDay(value!)).toEqual([2024, 3, 5, 0]);
      expect(value!.getMinutes() + value!.getSeconds() + value!.getMilliseconds()).toBe(0);
    });
  });

  describe('toRepresentation', () => {
    it('writes every day of four-digit years as luxon does, from a Date or a stored text', () => {
      const field = new GTDateField();
      for (let n = 0; n < 5000; n++) {
        const year = 1000 + ((n * 7919) % 9000);
        const date = new Date(year, (n * 31) % 12, 1 + ((n * 17) % 31));
        const expected = DateTime.fromObject(
          { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() },
          { zone: 'utc' },
        ).toISODate();
        expect(field.toRepresentation(date)).toBe(expected);
        expect(field.toRepresentation(expected!)).toBe(expected);
      }
      for (const missing of ['2023-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-01-00'])
        expect(() => field.toRepresentation(missing)).toThrow(TypeError);
      expect(field.toRepresentation('2024-02-29')).toBe('2024-02-29');
    });

    const field = new GTDateField({ format: 'dd.MM.yyyy' });

    it('writes a Date as its local day in ISO 8601, whatever the display format', () => {
      expect(field.toRepresentation(new Date(2024, 2, 5))).toBe('2024-03-05');
      expect(field.toRepresentation(new Date(2024, 2, 5, 23, 59))).toBe('2024-03-05');
      const early = new Date(2000, 0, 1);
      early.setFullYear(7, 0, 9);
      expect(field.toRepresentation(early)).toBe('0007-01-09');
    });

    it('writes the yyyy-MM-dd strings of TypeORM date columns unchanged', () => {
      for (const text of ['2024-03-05', '0001-01-01', '1000-01-01', '9999-12-31', '2024-02-29']) {
        expect(field.toRepresentation(text)).toBe(text);
      }
    });

    it('gives null for null and undefined', () => {
      expect(field.toRepresentation(null)).toBeNull();
      expect(field.toRepresentation(undefined)).toBeNull();
    });

    it('throws on what is not a date', () => {
      expect(() => field.toRepresentation('05.03.2024')).toThrow(TypeError);
      expect(() => field.toRepresentation('2024-02-30')).toThrow(
        '"2024-02-30" is not a valid Date or an ISO 8601 date string',
      );
      expect(() => field.toRepresentation('2024-03-05T10:00:00Z')).toThrow(TypeError);
      expect(() => field.toRepresentation(new Date(Number.NaN))).toThrow('an invalid Date is not');
    });
  });

  it('round-trips every day of years 1000..9999 through its ISO form and the configured format', () => {
    const field = new GTDateField({ format: 'dd.MM.yyyy' });
    const days = fc
      .date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
      .map((instant) => DateTime.fromJSDate(instant, { zone: 'utc' }));
    fc.assert(
      fc.property(days, (day) => {
        const iso = day.toISODate()!;
        expect(field.toRepresentation(field.toInternalValue(iso))).toBe(iso);
        expect(field.toRepresentation(field.toInternalValue(day.toFormat('dd.MM.yyyy')))).toBe(iso);
      }),
      { numRuns: 500 },
    );
  });
});
