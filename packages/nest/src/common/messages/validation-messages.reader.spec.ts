import 'reflect-metadata';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsInt, IsString, MaxLength, Min, ValidateNested, validate } from 'class-validator';
import { ENGLISH_VALIDATION_MESSAGES } from './english-validation.messages.js';
import { SPANISH_VALIDATION_MESSAGES } from './spanish-validation.messages.js';
import { userMessageText, userMessageTexts } from './user-messages.writer.js';
import { validationErrorMessages, validationMessage } from './validation-messages.reader.js';

class Ref {
  @IsInt()
  @Min(1)
  id!: number;
}

class Row {
  @IsString()
  @MaxLength(5)
  title!: string;

  @IsString({ each: true })
  @ArrayMaxSize(2)
  tags!: string[];

  @ValidateNested()
  @Type(() => Ref)
  publisher!: Ref;

  @MaxLength(3, { message: 'Too long, friend' })
  note!: string;
}

describe("class-validator's messages in the reader's language", () => {
  it('has every validation message in Spanish, with the same values', () => {
    const names = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    expect(Object.keys(SPANISH_VALIDATION_MESSAGES).sort()).toEqual(Object.keys(ENGLISH_VALIDATION_MESSAGES).sort());
    for (const [code, english] of Object.entries(ENGLISH_VALIDATION_MESSAGES)) {
      const spanish = SPANISH_VALIDATION_MESSAGES[code as keyof typeof SPANISH_VALIDATION_MESSAGES];
      expect([code, names(spanish)]).toEqual([code, names(english)]);
    }
  });

  it("codes class-validator's own messages, nested and per item too, and leaves a DTO's own message as it is", async () => {
    const row = Object.assign(new Row(), {
      title: 'Too long',
      tags: [1, 'a', 'b'],
      publisher: Object.assign(new Ref(), { id: 0 }),
      note: 'long',
    });
    const messages = validationErrorMessages(await validate(row));
    expect(userMessageTexts(messages)).toEqual([
      'title must be shorter than or equal to 5 characters',
      'tags must contain no more than 2 elements',
      'each value in tags must be a string',
      'publisher.id must not be less than 1',
      'Too long, friend',
    ]);
    expect(userMessageTexts(messages, 'es')).toEqual([
      'title debe tener como mucho 5 caracteres',
      'tags debe contener como mucho 2 elementos',
      'cada valor de tags debe ser un texto',
      'publisher.id no puede ser menor que 1',
      'Too long, friend',
    ]);
  });

  it('codes a text only when the code writes it back exactly', () => {
    expect(validationMessage('isIn', 'format must be one of the following values: cd, vinyl')).toEqual({
      code: 'validation.isIn',
      params: { property: 'format', constraint1: 'cd, vinyl' },
    });
    expect(validationMessage('min', 'pages must be at least 1')).toBe('pages must be at least 1');
    expect(validationMessage('unknownConstraint', 'x is wrong')).toBe('x is wrong');
    expect(userMessageText({ code: 'validation.whitelistValidation', params: { property: 'extra' } }, 'es')).toBe(
      'la propiedad extra no está permitida',
    );
  });
});
