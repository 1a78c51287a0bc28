import {
  BeforeInsert,
  BeforeUpdate,
  Check,
  Column,
  Entity,
  PrimaryGeneratedColumn,
  Unique,
  VersionColumn,
} from 'typeorm';
import {
  HELP_ID_VIEW_MAX_LENGTH,
  HELP_LANGUAGE_MAX_LENGTH,
  HELP_QUESTION_NAME_MAX_LENGTH,
  HELP_TITLE_MAX_LENGTH,
} from '#rules/help-limits.js';
import { ApiDocs } from '../common/api-docs.decorator.js';

/**
 * A contextual help entry for one field (`question_name`) of one view (`id_view`), in one language
 * or (`language` null) for every language.
 */
@Entity('widgetlib_help')
// A unique index lets rows with NULL in a column repeat (PostgreSQL before NULLS NOT DISTINCT,
// MySQL/MariaDB, SQLite): uniqueness compares `language_key`, `language` with '' for null, which
// the check keeps equal to it on every write, whoever makes it.
@Unique('UQ_widgetlib_help_view_question_language', ['id_view', 'question_name', 'language_key'])
@Check('CHK_widgetlib_help_language_key', `"language_key" = COALESCE("language", '')`)
export class Help {
  @PrimaryGeneratedColumn()
  @ApiDocs(({ ApiProperty }) => [ApiProperty({ type: Number, description: 'Assigned by the service' })])
  id!: number;

  /** The view identifier, normally `<namespace>:<url_name>`. */
  @Column({ type: 'varchar', length: HELP_ID_VIEW_MAX_LENGTH })
  @ApiDocs(({ ApiProperty }) => [
    ApiProperty({ type: String, description: 'Identifier of the view, normally `<namespace>:<url_name>`' }),
  ])
  id_view!: string;

  /** The form field or question the entry explains. */
  @Column({ type: 'varchar', length: HELP_QUESTION_NAME_MAX_LENGTH })
  @ApiDocs(({ ApiProperty }) => [
    ApiProperty({ type: String, description: 'The form field or question the entry explains' }),
  ])
  question_name!: string;

  /** A canonical BCP 47 tag (`es-CR`); `null`: the entry is for every language. */
  @Column({ type: 'varchar', length: HELP_LANGUAGE_MAX_LENGTH, nullable: true })
  @ApiDocs(({ ApiProperty }) => [
    ApiProperty({
      type: String,
      nullable: true,
      description: 'BCP 47 language tag of the entry (`es-CR`); null: for every language',
    }),
  ])
  language!: string | null;

  /** `language`, '' for null: what the uniqueness compares. Not loaded; every save sets it. */
  @Column({ type: 'varchar', length: HELP_LANGUAGE_MAX_LENGTH, default: '', select: false })
  language_key?: string;

  @Column({ type: 'varchar', length: HELP_TITLE_MAX_LENGTH })
  @ApiDocs(({ ApiProperty }) => [
    ApiProperty({ type: String, description: 'Title shown in the help panel (plain text)' }),
  ])
  help_title!: string;

  /** Sanitised HTML. */
  @Column({ type: 'text' })
  @ApiDocs(({ ApiProperty }) => [ApiProperty({ type: String, description: 'Help content as sanitised HTML' })])
  help_text!: string;

  /** 1 when created, one more on every change; the entry's `ETag` is `"<version>"`. */
  @VersionColumn({ default: 1 })
  @ApiDocs(({ ApiProperty }) => [
    ApiProperty({
      type: Number,
      description: 'Grows by one on every change; send it back as `If-Match: "<version>"` to change only this version',
    }),
  ])
  version!: number;

  /**
   * Keeps `language_key` in step with `language` on every save of an entity, as the check requires.
   * The help limits, the sanitiser, the version check and the history are `HelpWriteSubscriber`'s,
   * for every write whichever way it comes.
   */
  @BeforeInsert()
  @BeforeUpdate()
  protected prepareForSave(): void {
    this.language ??= null;
    this.language_key = this.language ?? '';
  }
}
