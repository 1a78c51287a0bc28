import 'reflect-metadata';
import { IsBoolean, IsInt, IsString, ValidateNested } from 'class-validator';
import { typedFormValues } from './editor-form-values.reader.js';

class Ref {
  @IsInt()
  id!: number;
}

class Row {
  @IsString()
  title!: string;

  @IsInt()
  pages!: number;

  @IsBoolean()
  archived!: boolean;

  @ValidateNested()
  ref!: Ref;
}

describe('typedFormValues', () => {
  it("reads a form's texts as the DTO's numbers and booleans, nested classes included; '' as null", () => {
    expect(typedFormValues(Row, { title: '12', pages: '12', archived: 'false', ref: { id: '3' }, extra: 'x' })).toEqual(
      { title: '12', pages: 12, archived: false, ref: { id: 3 }, extra: 'x' },
    );
    expect(typedFormValues(Row, { pages: '', archived: '' })).toEqual({ pages: null, archived: null });
  });

  it('leaves a text it cannot read as sent, for the validation to name', () => {
    expect(typedFormValues(Row, { pages: 'many', archived: 'maybe' })).toEqual({ pages: 'many', archived: 'maybe' });
  });
});
