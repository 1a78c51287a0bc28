import fc from 'fast-check';
import { DateTime } from 'luxon';
import { DateFieldValidationError } from './date-field-validation.errors.js';
import { GTDateTimeField } from './gt-date-time-field.format.js';

function instant(value: Date | null): string {
  if (!value) throw new Error('expected a Date');
  return value.toISOString();
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

describe('GTDateTimeField', () => {
  describe('toInternalValue in UTC (the default)', () => {
    const field = new GTDateTimeField();

    it('has the library defaults', () => {
      expect(field.allowEmptyStr).toBe(true);
      expect(field.format).toBe('yyyy-MM-dd HH:mm');
      expect(field.timezone).toBe('UTC');
    });

    it.each([
      ['2024-03-05T14:30:00Z', '2024-03-05T14:30:00.000Z'],
      ['2024-03-05T14:30:00.123z', '2024-03-05T14:30:00.123Z'],
      ['2024-03-05T14:30:00+01:00', '2024-03-05T13:30:00.000Z'],
      ['2024-03-05T14:30:00-0530', '2024-03-05T20:00:00.000Z'],
      ['2024-03-05T14:30', '2024-03-05T14:30:00.000Z'],
      ['2024-03-05T14:30:15.5', '2024-03-05T14:30:15.500Z'],
      ['2024-03-05', '2024-03-05T00:00:00.000Z'],
      ['2024-03-05 14:30', '2024-03-05T14:30:00.000Z'],
      ['  2024-03-05 14:30 ', '2024-03-05T14:30:00.000Z'],
    ])('reads %j', (text, expected) => {
      expect(instant(field.toInternalValue(text))).toBe(expected);
    });

    it.each([
      'garbage',
      '2024-03-05 25:00',
      '2024-02-30T10:00Z',
      '2024-03-05 14:30:00',
      '05.03.2024 14:30',
      '1'.repeat(80),
    ])('refuses %j, naming the formats', (text) => {
      expect(validationError(() => field.toInternalValue(text)).describe('played_at')).toBe(
        'played_at must be a date-time in the format yyyy-MM-dd HH:mm or ISO 8601 (e.g. 2024-03-05T14:30:00+01:00)',
      );
    });

    it.each([[1709649000000], [false], [{ at: '2024-03-05T14:30Z' }], [new Date(Number.NaN)]])(
      'refuses the non-string %p',
      (value) => {
        expect(validationError(() => field.toInternalValue(value)).message).toContain('yyyy-MM-dd HH:mm');
      },
    );

    it('keeps the instant of a valid Date', () => {
      const date = new Date('2024-03-05T14:30:00.123Z');
      const value = field.toInternalValue(date);
      expect(value).not.toBe(date);
      expect(instant(value)).toBe('2024-03-05T14:30:00.123Z');
    });

    it('accepts an empty string as null by default, refuses it without allowEmptyStr', () => {
      expect(field.toInternalValue('')).toBeNull();
      const strict = new GTDateTimeField({ allowEmptyStr: false });
      expect(validationError(() => strict.toInternalValue('')).message).toBe(
        'Value must be a date-time in the format yyyy-MM-dd HH:mm or ISO 8601 (e.g. 2024-03-05T14:30:00+01:00), not an empty string',
      );
    });

    it('gives null for null and undefined', () => {
      const strict = new GTDateTimeField({ allowEmptyStr: false });
      for (const each of [field, strict]) {
        expect(each.toInternalValue(null)).toBeNull();
        expect(each.toInternalValue(undefined)).toBeNull();
      }
    });

    it('refuses years outside 1000..9999', () => {
      for (const value of [
        '0999-06-01T00:00Z',
        '0001-06-01 12:00',
        '+010000-06-01T00:00Z',
        new Date('0999-06-01T00:00Z'),
      ]) {
        expect(validationError(() => field.toInternalValue(value)).message).toContain('a year from 1000 to 9999');
      }
    });

    it('refuses an instant outside 1000..9999 in UTC, whatever the year its text shows', () => {
      // 10000-01-01T04:00Z and 0999-12-31T10:00Z: MySQL/MariaDB cannot store a year of five digits.
      for (const text of ['9999-12-31T23:00:00-05:00', '1000-01-01T00:00:00+14:00']) {
        expect(validationError(() => field.toInternalValue(text)).message).toContain('a year from 1000 to 9999');
      }
      expect(instant(field.toInternalValue('9999-12-31T23:00:00+05:00'))).toBe('9999-12-31T18:00:00.000Z');
    });

    it('refuses an offset past 15:59 or with 60 minutes or more', () => {
      for (const text of ['2020-01-01T10:00:00+99:99', '2020-01-01T10:00:00-16:00', '2020-01-01T10:00:00+10:99']) {
        expect(validationError(() => field.toInternalValue(text)).message).toContain(
          'with an offset from -15:59 to +15:59',
        );
      }
      expect(instant(field.toInternalValue('2020-01-01T10:00:00+14:00'))).toBe('2019-12-31T20:00:00.000Z');
    });
  });

  describe('in Europe/Berlin with a configured format', () => {
    const field = new GTDateTimeField({
      format: 'dd.MM.yyyy HH:mm',
      inputFormats: ['dd.MM.yyyy HH:mm:ss'],
      timezone: 'Europe/Berlin',
    });

    it.each([
      ['05.03.2024 14:30', '2024-03-05T13:30:00.000Z'],
      ['05.07.2024 14:30', '2024-07-05T12:30:00.000Z'],
      ['05.07.2024 14:30:59', '2024-07-05T12:30:59.000Z'],
      ['2024-07-05T14:30', '2024-07-05T12:30:00.000Z'],
      ['2024-07-05T14:30Z', '2024-07-05T14:30:00.000Z'],
      ['2024-07-05T14:30+05:30', '2024-07-05T09:00:00.000Z'],
    ])('reads %j without an offset as Berlin time', (text, expected) => {
      expect(instant(field.toInternalValue(text))).toBe(expected);
    });

    it('follows the spring change: 02:00..02:59 on 31 March 2024 does not exist', () => {
      expect(instant(field.toInternalValue('31.03.2024 01:59'))).toBe('2024-03-31T00:59:00.000Z');
      expect(instant(field.toInternalValue('31.03.2024 03:00'))).toBe('2024-03-31T01:00:00.000Z');
      for (const text of ['31.03.2024 02:00', '31.03.2024 02:30', '2024-03-31T02:59:59']) {
        expect(validationError(() => field.toInternalValue(text)).describe('played_at')).toMatch(
          /^played_at must be a date-time that exists in the time zone Europe\/Berlin; 2024-03-31 02:[0-5]\d is skipped there by a clock change$/,
        );
      }
      // With an offset the time names an instant, skipped local time or not.
      expect(instant(field.toInternalValue('2024-03-31T02:30+01:00'))).toBe('2024-03-31T01:30:00.000Z');
    });

    it('follows the autumn change: a repeated local time is the earlier instant unless an offset says otherwise', () => {
      expect(instant(field.toInternalValue('27.10.2024 01:59'))).toBe('2024-10-26T23:59:00.000Z');
      expect(instant(field.toInternalValue('27.10.2024 02:30'))).toBe('2024-10-27T00:30:00.000Z');
      expect(instant(field.toInternalValue('27.10.2024 03:00'))).toBe('2024-10-27T02:00:00.000Z');
      expect(instant(field.toInternalValue('2024-10-27T02:30+02:00'))).toBe('2024-10-27T00:30:00.000Z');
      expect(instant(field.toInternalValue('2024-10-27T02:30+01:00'))).toBe('2024-10-27T01:30:00.000Z');
    });

    it('writes the offset in force at each instant', () => {
      expect(field.toRepresentation(new Date('2024-03-05T13:30:00Z'))).toBe('2024-03-05T14:30:00.000+01:00');
      expect(field.toRepresentation(new Date('2024-07-05T12:30:00Z'))).toBe('2024-07-05T14:30:00.000+02:00');
      expect(field.toRepresentation(new Date('2024-03-31T00:59:00Z'))).toBe('2024-03-31T01:59:00.000+01:00');
      expect(field.toRepresentation(new Date('2024-03-31T01:00:00Z'))).toBe('2024-03-31T03:00:00.000+02:00');
      expect(field.toRepresentation(new Date('2024-10-27T00:30:00Z'))).toBe('2024-10-27T02:30:00.000+02:00');
      expect(field.toRepresentation(new Date('2024-10-27T01:30:00Z'))).toBe('2024-10-27T02:30:00.000+01:00');
    });

    it('round-trips any instant through its representation, the repeated autumn hour included', () => {
      // Before April 1893 Berlin kept local mean time, an offset of +00:53:28 that ISO 8601 (whole
      // minutes) cannot write, so instants from then on.
      const instants = fc.date({
        min: new Date('1893-04-01T00:00:00Z'),
        max: new Date('9999-12-30T00:00:00Z'),
        noInvalidDate: true,
      });
      const autumnHour = fc.integer({ min: 0, max: 7_199_999 }).map((ms) => new Date(Date.UTC(2024, 9, 27, 0) + ms));
      fc.assert(
        fc.property(fc.oneof(instants, autumnHour), (date) => {
          expect(field.toInternalValue(field.toRepresentation(date))?.getTime()).toBe(date.getTime());
        }),
        { numRuns: 1000 },
      );
    });
  });

  it('resolves a half-hour clock change (Australia/Lord_Howe)', () => {
    const field = new GTDateTimeField({ timezone: 'Australia/Lord_Howe' });
    // 6 October 2024: 02:00 becomes 02:30 (+10:30 -> +11:00).
    expect(() => field.toInternalValue('2024-10-06 02:15')).toThrow(DateFieldValidationError);
    expect(instant(field.toInternalValue('2024-10-06 02:30'))).toBe('2024-10-05T15:30:00.000Z');
    // 7 April 2024: 02:00 becomes 01:30 again (+11:00 -> +10:30); the earlier 01:45 is at +11:00.
    expect(instant(field.toInternalValue('2024-04-07 01:45'))).toBe('2024-04-06T14:45:00.000Z');
    expect(field.toRepresentation(new Date('2024-04-06T15:15:00Z'))).toBe('2024-04-07T01:45:00.000+10:30');
  });

  describe('toRepresentation', () => {
    it('writes UTC with Z', () => {
      expect(new GTDateTimeField().toRepresentation(new Date('2024-03-05T14:30:00Z'))).toBe('2024-03-05T14:30:00.000Z');
    });

    it('rewrites an ISO string that carries an offset in the configured zone', () => {
      const field = new GTDateTimeField({ timezone: 'America/New_York' });
      expect(field.toRepresentation('2024-03-05T14:30:00Z')).toBe('2024-03-05T09:30:00.000-05:00');
      expect(field.toRepresentation(' 2024-07-05T14:30:00+0200 ')).toBe('2024-07-05T08:30:00.000-04:00');
    });

    it('refuses a string without an offset, whose instant is unknown', () => {
      const field = new GTDateTimeField();
      expect(() => field.toRepresentation('2024-03-05T14:30:00')).toThrow(TypeError);
      expect(() => field.toRepresentation('2024-03-05')).toThrow(TypeError);
      expect(() => field.toRepresentation('2024-03-05 14:30:00Z')).toThrow(
        'GTDateTimeField.toRepresentation: "2024-03-05 14:30:00Z" is not a valid Date or an ISO 8601 date-time string with an offset',
      );
      expect(() => field.toRepresentation(new Date(Number.NaN))).toThrow(TypeError);
    });

    it('gives null for null and undefined', () => {
      expect(new GTDateTimeField().toRepresentation(null)).toBeNull();
      expect(new GTDateTimeField().toRepresentation(undefined)).toBeNull();
    });
  });

  it('refuses a time zone that is not IANA and empty formats', () => {
    expect(() => new GTDateTimeField({ timezone: 'Mars/Olympus' })).toThrow('"Mars/Olympus" is not an IANA time zone');
    expect(() => new GTDateTimeField({ format: ' ' })).toThrow('format and inputFormats must not be empty');
  });

  it('writes instants in UTC as luxon does, across years and milliseconds', () => {
    const field = new GTDateTimeField();
    for (let n = 0; n < 5000; n++) {
      const instant = new Date(Date.UTC(1000 + ((n * 7919) % 9000), 0, 1) + ((n * 104_729_117) % 31_536_000_000));
      expect(field.toRepresentation(instant)).toBe(DateTime.fromJSDate(instant, { zone: 'utc' }).toISO());
    }
    expect(field.toRepresentation(new Date(Date.UTC(10000, 0, 1)))).toBe('+010000-01-01T00:00:00.000Z');
    expect(new GTDateTimeField({ timezone: 'Etc/GMT-1' }).toRepresentation(new Date(Date.UTC(2024, 0, 1)))).toBe(
      '2024-01-01T01:00:00.000+01:00',
    );
  });
});
