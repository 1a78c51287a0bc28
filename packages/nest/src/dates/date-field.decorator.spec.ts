import { BadRequestException, ValidationPipe, type ValidationPipeOptions } from '@nestjs/common';
import { instanceToPlain } from 'class-transformer';
import { IsDefined, IsString } from 'class-validator';
import { GTDate, GTDateTime } from './date-field.decorator.js';

class EventDto {
  @IsString()
  name!: string;

  @GTDate()
  day?: Date | null;

  @GTDateTime({ format: 'dd.MM.yyyy HH:mm', timezone: 'Europe/Berlin', allowEmptyStr: false })
  at?: Date | null;
}

/** Typed `Date` (not a union), so that `enableImplicitConversion` runs the body's value through `new Date()`. */
class ImplicitlyConvertedDto {
  @GTDate()
  day!: Date;

  @GTDateTime({ format: 'dd.MM.yyyy HH:mm', timezone: 'Europe/Berlin' })
  at!: Date;
}

class RequiredDayDto {
  @IsDefined()
  @GTDate({ format: 'dd/MM/yyyy' })
  day!: Date | null;
}

/** A form's fields, named in messages by their labels. */
class FormDto {
  @GTDate({ label: 'Release date', allowEmptyStr: false })
  released_on?: Date | null;

  @GTDate({ label: 'Birthday', format: 'dd.MM.yyyy' })
  birthday?: Date | null;

  @GTDateTime({ label: 'Starts at', format: 'dd/MM/yyyy HH:mm', timezone: 'Europe/Berlin' })
  starts_at?: Date | null;
}

const STRICT: ValidationPipeOptions = { transform: true, whitelist: true, forbidNonWhitelisted: true };

async function read<T>(
  metatype: new () => T,
  body: Record<string, unknown>,
  options: ValidationPipeOptions = STRICT,
): Promise<T> {
  return (await new ValidationPipe(options).transform(body, { type: 'body', metatype })) as T;
}

async function messages(
  metatype: new () => unknown,
  body: Record<string, unknown>,
  options: ValidationPipeOptions = STRICT,
): Promise<string[]> {
  try {
    await read(metatype, body, options);
  } catch (error) {
    if (!(error instanceof BadRequestException)) throw error;
    const response = error.getResponse() as { statusCode: number; message: string[] };
    expect(response.statusCode).toBe(400);
    return response.message;
  }
  throw new Error('expected a 400');
}

describe('@GTDate / @GTDateTime with ValidationPipe', () => {
  it("turns the body's strings into Dates", async () => {
    const dto = await read(EventDto, { name: 'x', day: '2024-03-05', at: '05.03.2024 14:30' });
    expect(dto).toBeInstanceOf(EventDto);
    expect(dto.day).toEqual(new Date(2024, 2, 5));
    expect(dto.at).toEqual(new Date('2024-03-05T13:30:00Z'));
  });

  it('accepts ISO 8601 besides the format', async () => {
    const dto = await read(EventDto, { name: 'x', day: '2024-03-05', at: '2024-07-05T14:30:00Z' });
    expect(dto.at).toEqual(new Date('2024-07-05T14:30:00Z'));
  });

  it("turns '' into null when allowEmptyStr, refuses it otherwise", async () => {
    const dto = await read(EventDto, { name: 'x', day: '' });
    expect(dto.day).toBeNull();
    expect(await messages(EventDto, { name: 'x', at: '' })).toEqual([
      'at must be a date-time in the format dd.MM.yyyy HH:mm or ISO 8601 (e.g. 2024-03-05T14:30:00+01:00), not an empty string',
    ]);
  });

  it('accepts an absent property and null', async () => {
    const dto = await read(EventDto, { name: 'x', day: null, at: null });
    expect(dto.day).toBeNull();
    expect(dto.at).toBeNull();
    expect((await read(EventDto, { name: 'x' })).day).toBeUndefined();
  });

  it('answers garbage with a 400 naming each property and its format', async () => {
    expect(await messages(EventDto, { name: 'x', day: 'soon', at: '2024-03-05 14:30' })).toEqual([
      'day must be a date in the format yyyy-MM-dd (ISO 8601)',
      'at must be a date-time in the format dd.MM.yyyy HH:mm or ISO 8601 (e.g. 2024-03-05T14:30:00+01:00)',
    ]);
    expect(await messages(EventDto, { name: 'x', day: 20240305 })).toEqual([
      'day must be a date in the format yyyy-MM-dd (ISO 8601)',
    ]);
    expect(await messages(EventDto, { name: 'x', at: '31.03.2024 02:30' })).toEqual([
      'at must be a date-time that exists in the time zone Europe/Berlin; 2024-03-31 02:30 is skipped there by a clock change',
    ]);
  });

  it('names a field by its label and asks for the display format as typed, with an example', async () => {
    expect(await messages(FormDto, { released_on: '31/02/2024', birthday: '2024-13-01', starts_at: 'soon' })).toEqual([
      'Release date must be a date in the format YYYY-MM-DD, such as 2024-03-25',
      'Birthday must be a date in the format DD.MM.YYYY, such as 25.03.2024',
      'Starts at must be a date and time in the format DD/MM/YYYY HH:mm, such as 25/03/2024 14:30',
    ]);
    expect(await messages(FormDto, { released_on: '', birthday: '01.01.0999' })).toEqual([
      'Release date is required',
      'Birthday must be a date in the format DD.MM.YYYY, such as 25.03.2024, with a year from 1000 to 9999',
    ]);
    // ISO 8601 is still read.
    expect((await read(FormDto, { birthday: '2024-03-05' })).birthday).toEqual(new Date(2024, 2, 5));
  });

  it('reads what the client sent even with enableImplicitConversion', async () => {
    const implicit: ValidationPipeOptions = { ...STRICT, transformOptions: { enableImplicitConversion: true } };
    // new Date() would read both of these; the fields do not.
    expect(Reflect.getMetadata('design:type', ImplicitlyConvertedDto.prototype, 'day')).toBe(Date);
    expect(await messages(ImplicitlyConvertedDto, { day: 'March 5, 2024', at: '2024/03/05 14:30' }, implicit)).toEqual([
      'day must be a date in the format yyyy-MM-dd (ISO 8601)',
      'at must be a date-time in the format dd.MM.yyyy HH:mm or ISO 8601 (e.g. 2024-03-05T14:30:00+01:00)',
    ]);
    const dto = await read(ImplicitlyConvertedDto, { day: '2024-03-05', at: '05.03.2024 14:30' }, implicit);
    expect(dto.day).toEqual(new Date(2024, 2, 5));
    expect(dto.at).toEqual(new Date('2024-03-05T13:30:00Z'));
  });

  it('is required when combined with @IsDefined', async () => {
    expect(await messages(RequiredDayDto, {})).toEqual(['day should not be null or undefined']);
    expect((await read(RequiredDayDto, { day: '05/03/2024' })).day).toEqual(new Date(2024, 2, 5));
  });

  it('writes the DTO back in the wire format', () => {
    const dto = Object.assign(new EventDto(), {
      name: 'x',
      day: new Date(2024, 2, 5),
      at: new Date('2024-07-05T12:30:00Z'),
    });
    expect(instanceToPlain(dto)).toEqual({ name: 'x', day: '2024-03-05', at: '2024-07-05T14:30:00.000+02:00' });
    expect(instanceToPlain(Object.assign(new EventDto(), { name: 'y', day: null }))).toEqual({ name: 'y', day: null });
  });
});
