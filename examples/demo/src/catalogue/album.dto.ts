import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
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
import { GTDate } from '@widgetlib/nest';
import { ALBUM_FORMATS, type AlbumFormat } from './album-format.js';

/** A multi-select posts nothing, one value or several: always a list of numbers here. */
const asNumberList = ({ value }: { value: unknown }) =>
  [value]
    .flat()
    .filter((item) => item !== undefined && item !== '')
    .map(Number);

/** An album as the form posts it (strings; a checkbox absent when off) or the JSON API sends it. */
export class AlbumDto {
  @IsString()
  @IsNotEmpty({ message: 'Title is required' })
  @MaxLength(200)
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
  @GTDate({ allowEmptyStr: false })
  released_on!: Date;

  @IsIn(ALBUM_FORMATS.map(([value]) => value), { message: 'Choose one of the formats' })
  format!: AlbumFormat;

  @Type(() => Number)
  @IsInt({ message: 'Choose an artist' })
  artist_id!: number;

  @Transform(asNumberList)
  @ArrayMaxSize(5)
  @IsInt({ each: true, message: 'Choose genres from the list' })
  genre_ids: number[] = [];

  @IsString()
  @MaxLength(5000)
  notes = '';

  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'Homepage must be an http or https URL' })
  homepage?: string;
}
