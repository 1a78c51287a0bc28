import { BeforeInsert, BeforeUpdate, Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { HELP_ID_VIEW_MAX_LENGTH, HELP_QUESTION_NAME_MAX_LENGTH, HELP_TITLE_MAX_LENGTH } from '#rules/help-limits.js';
import { ApiDocs } from '../common/optional-swagger.js';
import { sanitizeHelpHtml } from './help-html.sanitizer.js';

/** A contextual help entry for one field (`question_name`) of one view (`id_view`). */
@Entity('widgetlib_help')
@Unique('UQ_widgetlib_help_view_question', ['id_view', 'question_name'])
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

  @Column({ type: 'varchar', length: HELP_TITLE_MAX_LENGTH })
  @ApiDocs(({ ApiProperty }) => [
    ApiProperty({ type: String, description: 'Title shown in the help panel (plain text)' }),
  ])
  help_title!: string;

  /** Sanitised HTML. */
  @Column({ type: 'text' })
  @ApiDocs(({ ApiProperty }) => [ApiProperty({ type: String, description: 'Help content as sanitised HTML' })])
  help_text!: string;

  /** Every save sanitises, whichever way it comes (API, `HelpService`, a resource, host code). */
  @BeforeInsert()
  @BeforeUpdate()
  protected sanitizeHelpText(): void {
    this.help_text = sanitizeHelpHtml(this.help_text ?? '');
  }
}
