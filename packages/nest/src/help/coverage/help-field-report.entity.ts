import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { HELP_ID_VIEW_MAX_LENGTH, HELP_QUESTION_NAME_MAX_LENGTH } from '#rules/help-limits.js';

/**
 * One user's report that a page of a view has a labelled field, kept until enough distinct users
 * reported it (`helpCoverageReporters`); the field then becomes a {@link HelpField} and its reports go.
 */
@Entity('widgetlib_help_field_report')
@Unique('UQ_widgetlib_help_field_report_view_reporter_question', ['id_view', 'reporter', 'question_name'])
export class HelpFieldReport {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: HELP_ID_VIEW_MAX_LENGTH })
  id_view!: string;

  /** Who reported it: the SHA-256 (hex) of `getUserName`'s name; every user without a name is one reporter. */
  @Column({ type: 'varchar', length: 64 })
  reporter!: string;

  @Column({ type: 'varchar', length: HELP_QUESTION_NAME_MAX_LENGTH })
  question_name!: string;
}
