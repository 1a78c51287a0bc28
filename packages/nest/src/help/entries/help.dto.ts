import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import {
  HELP_ID_VIEW_MAX_LENGTH,
  HELP_LANGUAGE_MAX_LENGTH,
  HELP_QUESTION_NAME_MAX_LENGTH,
  HELP_TEXT_MAX_DEPTH,
  HELP_TEXT_MAX_LENGTH,
  HELP_TITLE_MAX_LENGTH,
} from '#rules/help-limits.js';
import { ApiDocs } from '../../common/api-docs.decorator.js';
import { canonicalLanguageTag, LANGUAGE_FORMAT } from '../language/index.js';

const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

interface FieldRule {
  maxLength: number;
  description: string;
  /** Plain-text fields are trimmed and may not be empty. */
  plainText: boolean;
}

const FIELD_RULES = {
  id_view: {
    maxLength: HELP_ID_VIEW_MAX_LENGTH,
    description: 'Identifier of the view, normally `<namespace>:<url_name>`',
    plainText: true,
  },
  question_name: {
    maxLength: HELP_QUESTION_NAME_MAX_LENGTH,
    description: 'The form field or question the entry explains',
    plainText: true,
  },
  help_title: { maxLength: HELP_TITLE_MAX_LENGTH, description: 'Title shown in the help panel', plainText: true },
  help_text: {
    maxLength: HELP_TEXT_MAX_LENGTH,
    description:
      'Help content as HTML, sanitised with an allowlist when stored; after sanitising at most ' +
      `${HELP_TEXT_MAX_LENGTH} characters, with elements nested at most ${HELP_TEXT_MAX_DEPTH} deep`,
    plainText: false,
  },
} satisfies Record<string, FieldRule>;

type HelpField = keyof typeof FIELD_RULES;

/** The validation of one help field; `required` says whether the body must contain it. */
function HelpField(field: HelpField, required: boolean): PropertyDecorator {
  const rule: FieldRule = FIELD_RULES[field];
  return applyDecorators(
    // An absent optional field is skipped; `null` is validated, and refused, like any other value.
    required ? IsDefined() : ValidateIf((_, value) => value !== undefined),
    IsString(),
    ...(rule.plainText ? [Trim(), IsNotEmpty()] : []),
    MaxLength(rule.maxLength),
    ApiDocs(({ ApiProperty }) => [
      ApiProperty({
        type: String,
        required,
        maxLength: rule.maxLength,
        ...(rule.plainText ? { minLength: 1 } : {}),
        description: rule.description,
      }),
    ]),
  );
}

/** A language tag in its canonical form; anything else is left as it came, for the validation to refuse. */
const CanonicalLanguage = () =>
  Transform(({ value }) => (typeof value === 'string' ? (canonicalLanguageTag(value) ?? value) : value));

const IsLanguageTag = (message: string, alsoAllowed?: string) =>
  ValidateBy({
    name: 'isLanguageTag',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' && (value === alsoAllowed || canonicalLanguageTag(value) === value),
      defaultMessage: () => message,
    },
  });

/** The optional `language` of a body: a BCP 47 tag, or `null` for every language. */
function HelpLanguageField(absent: string): PropertyDecorator {
  return applyDecorators(
    CanonicalLanguage(),
    ValidateIf((_, value) => value !== undefined && value !== null),
    IsLanguageTag(`language must be null or ${LANGUAGE_FORMAT}`),
    ApiDocs(({ ApiPropertyOptional }) => [
      ApiPropertyOptional({
        type: String,
        nullable: true,
        maxLength: HELP_LANGUAGE_MAX_LENGTH,
        description: `BCP 47 language tag of the entry, stored in canonical form (\`es-cr\` -> \`es-CR\`); null: for every language. ${absent}`,
      }),
    ]),
  );
}

/** Body of `POST /help/`. */
export class CreateHelpDto {
  @HelpField('id_view', true)
  id_view!: string;

  @HelpField('question_name', true)
  question_name!: string;

  @HelpField('help_title', true)
  help_title!: string;

  @HelpField('help_text', false)
  help_text?: string;

  @HelpLanguageField('Absent: null.')
  language?: string | null;
}

/** Body of `PUT /help/{id}/`: a full replacement, every field required. */
export class ReplaceHelpDto {
  @HelpField('id_view', true)
  id_view!: string;

  @HelpField('question_name', true)
  question_name!: string;

  @HelpField('help_title', true)
  help_title!: string;

  @HelpField('help_text', true)
  help_text!: string;

  @HelpLanguageField("Absent: the entry's language stays.")
  language?: string | null;
}

/** Body of `PATCH /help/{id}/`: any subset of the fields. */
export class UpdateHelpDto {
  @HelpField('id_view', false)
  id_view?: string;

  @HelpField('question_name', false)
  question_name?: string;

  @HelpField('help_title', false)
  help_title?: string;

  @HelpField('help_text', false)
  help_text?: string;

  @HelpLanguageField("Absent: the entry's language stays.")
  language?: string | null;
}

/** Query of `GET /help/`: exact-match filters. */
export class HelpListQueryDto {
  @IsOptional()
  @IsString()
  @ApiDocs(({ ApiPropertyOptional }) => [ApiPropertyOptional({ description: 'Only entries of this view' })])
  id_view?: string;

  @IsOptional()
  @IsString()
  @ApiDocs(({ ApiPropertyOptional }) => [ApiPropertyOptional({ description: 'Only entries of this field' })])
  question_name?: string;

  @IsOptional()
  @IsString()
  @CanonicalLanguage()
  @IsLanguageTag(`language must be * or ${LANGUAGE_FORMAT}`, '*')
  @ApiDocs(({ ApiPropertyOptional }) => [
    ApiPropertyOptional({
      type: String,
      description:
        "The reader's language: for each field the entry in it, else in the shorter tag (`es-CR`, `es`), else " +
        "the entry for every language. `*`: every entry, in any language. Absent: the host's getLanguage " +
        '(default: Accept-Language)',
    }),
  ])
  language?: string;
}

/** Query of `GET /help/deleted/`. */
export class HelpDeletedQueryDto {
  @IsOptional()
  @IsString()
  @ApiDocs(({ ApiPropertyOptional }) => [ApiPropertyOptional({ description: 'Only entries deleted from this view' })])
  id_view?: string;
}
