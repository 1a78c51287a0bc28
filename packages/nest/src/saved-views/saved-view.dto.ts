import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { parseBooleanWord } from '#rules/boolean-words.js';
import { MAX_INT_ID } from '../common/int-id.constants.js';
import {
  SAVED_VIEW_MAX_STATE_BYTES,
  SAVED_VIEW_NAME_MAX_LENGTH,
  SAVED_VIEWS_PER_TABLE,
} from './saved-view.constants.js';
import { STATE_RESTORE_V1_ACTIONS, type StateRestoreV1Action } from './state-restore-v1.format.js';

/** A view's name: trimmed, not empty, no control characters, at most 100 characters. */
function ViewName(required: boolean): PropertyDecorator {
  return applyDecorators(
    required ? IsDefined() : ValidateIf((_, value) => value !== undefined),
    IsString(),
    Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)),
    IsNotEmpty(),
    MaxLength(SAVED_VIEW_NAME_MAX_LENGTH),
    Matches(/^\P{Cc}*$/u, { message: 'name must not contain control characters' }),
  );
}

/** A flag as JSON (`true`) or as a form sends it (`"true"`). */
function Flag(): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    Transform(({ value }) => (typeof value === 'string' ? (parseBooleanWord(value) ?? value) : value)),
    IsBoolean(),
  );
}

const toInteger = (value: unknown) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value);

/** `POST /saved-views/<table>/`: a new view of the user. */
export class CreateSavedViewDto {
  @ViewName(true)
  name!: string;

  @IsObject()
  state!: Record<string, unknown>;

  @Flag()
  shared?: boolean;

  @Flag()
  isDefault?: boolean;
}

/** `PATCH /saved-views/<table>/<id>/`: renames, shares or unshares, or overwrites the state. */
export class UpdateSavedViewDto {
  @ViewName(false)
  name?: string;

  @IsOptional()
  @IsObject()
  state?: Record<string, unknown>;

  @Flag()
  shared?: boolean;

  @Flag()
  isDefault?: boolean;
}

/** `PUT /saved-views/<table>/current/`: the state DataTables' `stateSave` keeps. */
export class CurrentStateDto {
  @IsObject()
  state!: Record<string, unknown>;
}

export const STATE_RESTORE_ACTIONS = ['state-read', 'state-create', 'state-edit', 'state-remove'] as const;

/**
 * `POST /saved-views/<table>/state-restore/`: one request of StateRestore's Ajax protocol, 2.x
 * (`state-read|create|edit|remove`) or 1.x (`load|save|rename|remove` with `stateRestore`).
 */
export class StateRestoreDto {
  @IsIn([...STATE_RESTORE_ACTIONS, ...STATE_RESTORE_V1_ACTIONS])
  action!: (typeof STATE_RESTORE_ACTIONS)[number] | StateRestoreV1Action;

  /** StateRestore 1.x: `{ <state name>: <state> }` (save, remove) or `{ <state name>: <new name> }` (rename). */
  @IsOptional()
  @IsObject()
  stateRestore?: Record<string, unknown>;

  /** The page and the table element StateRestore reports; the URL names the table. */
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  path?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  table?: string;

  @ViewName(false)
  name?: string;

  /** The state as JSON text. */
  @IsOptional()
  @IsString()
  @MaxLength(SAVED_VIEW_MAX_STATE_BYTES, {
    message: `state must be at most ${SAVED_VIEW_MAX_STATE_BYTES} characters of JSON`,
  })
  state?: string;

  @Flag()
  isDefault?: boolean;

  @Flag()
  isSharedOut?: boolean;

  @IsOptional()
  @Transform(({ value }) => toInteger(value))
  @IsInt()
  @Min(1)
  @Max(MAX_INT_ID)
  id?: number;

  @IsOptional()
  @Transform(({ value }) => (Array.isArray(value) ? value.map(toInteger) : [toInteger(value)]))
  @IsArray()
  @ArrayMaxSize(SAVED_VIEWS_PER_TABLE)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(MAX_INT_ID, { each: true })
  ids?: number[];
}
