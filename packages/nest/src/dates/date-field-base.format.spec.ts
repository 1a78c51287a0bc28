import { GTDateTimeField } from './gt-date-time-field.format.js';
import { GTDateField } from './gt-date-field.format.js';
import { typedFormat } from './date-field-base.format.js';

describe('typedFormat', () => {
  it('writes the year and day tokens as a person types them, and quoted text as it is', () => {
    expect(typedFormat('yyyy-MM-dd')).toBe('YYYY-MM-DD');
    expect(typedFormat('dd.MM.yy')).toBe('DD.MM.YY');
    expect(typedFormat('d/M/yyyy HH:mm')).toBe('D/M/YYYY HH:mm');
    expect(typedFormat("yyyy 'day' dd")).toBe('YYYY day DD');
    expect(typedFormat("dd 'o''clock'")).toBe("DD o'clock");
  });
});

describe('what a form asks for', () => {
  it('is the display format as typed, with an example whose day and month cannot be mistaken', () => {
    expect(new GTDateField().typedFormat).toBe('YYYY-MM-DD');
    expect(new GTDateField({ format: 'MM/dd/yyyy' }).example).toBe('03/25/2024');
    expect(new GTDateField({ format: 'dd.MM.yyyy', inputFormats: ['yyyyMMdd'] }).userExpectation).toBe(
      'a date in the format DD.MM.YYYY, such as 25.03.2024',
    );
    expect(new GTDateTimeField({ timezone: 'Europe/Madrid' }).userExpectation).toBe(
      'a date and time in the format YYYY-MM-DD HH:mm, such as 2024-03-25 14:30',
    );
  });

  it('keeps the message for programs: the property and every accepted format', () => {
    let error: unknown;
    try {
      new GTDateField().toInternalValue('31/02/2024');
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({
      reason: 'must be a date in the format yyyy-MM-dd (ISO 8601)',
      userReason: 'must be a date in the format YYYY-MM-DD, such as 2024-03-25',
    });
  });
});
