import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { GTDate, GTDateField } from '@widgetlib/nest';
import { ALBUM_FORMATS, type AlbumFormat } from './album-format.js';

/** A multi-select posts nothing, one value or several: always a list of numbers here. */
const asNumberList = ({ value }: { value: unknown }) =>
  [value]
    .flat()
    .filter((item) => item !== undefined && item !== '')
    .map(Number);

/** An empty select posts `''`: no value, not the number 0. */
const asOptionalNumber = ({ value }: { value: unknown }) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);

/** The release date as the form's input asks for it (its placeholder) and the DTO reads it. */
export const RELEASE_DATE = new GTDateField({ allowEmptyStr: false });

// Every message names the field by the form's label (views/album-form.hbs), as the form shows it.
/** An album as the form posts it (strings; a checkbox absent when off) or the JSON API sends it. */
export class AlbumDto {
  @IsString({ message: 'Title must be text' })
  @IsNotEmpty({ message: 'Title is required' })
  @MaxLength(200, { message: 'Title must be at most 200 characters' })
  title!: string;

  // class-validator runs a property's decorators from the bottom up: the type check comes first.
  @Type(() => Number)
  @Min(1, { message: 'Tracks must be between 1 and 99' })
  @Max(99, { message: 'Tracks must be between 1 and 99' })
  @IsInt({ message: 'Tracks must be a whole number' })
  tracks!: number;

  @Transform(({ value }) => value === 'on' || value === 'true' || value === true)
  @IsBoolean()
  explicit = false;

  @IsNotEmpty({ message: 'Release date is required' })
  @GTDate({ format: RELEASE_DATE.format, allowEmptyStr: false, label: 'Release date' })
  released_on!: Date;

  @IsIn(ALBUM_FORMATS.map(([value]) => value), { message: 'Format must be one of the listed formats' })
  format!: AlbumFormat;

  @Transform(asOptionalNumber)
  @IsInt({ message: 'Artist must be one of the listed artists' })
  @IsDefined({ message: 'Artist is required' })
  artist_id!: number;

  @Transform(asNumberList)
  @ArrayMaxSize(5, { message: 'Genres: choose at most 5' })
  @IsInt({ each: true, message: 'Genres must be chosen from the list' })
  genre_ids: number[] = [];

  @IsString({ message: 'Notes must be text' })
  @MaxLength(5000, { message: 'Notes must be at most 5000 characters' })
  notes = '';

  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'Homepage must be an http or https URL' })
  homepage?: string;
}
