import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { HELP_ID_VIEW_MAX_LENGTH, HELP_QUESTION_NAME_MAX_LENGTH } from '#rules/help-limits.js';
import { HELP_FIELD_LABEL_MAX_LENGTH } from './help-coverage.checks.js';

/** A labelled field a page of a view has, as the help panel reports it: what coverage counts. */
@Entity('widgetlib_help_field')
@Unique('UQ_widgetlib_help_field_view_question', ['id_view', 'question_name'])
export class HelpField {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: HELP_ID_VIEW_MAX_LENGTH })
  id_view!: string;

  @Column({ type: 'varchar', length: HELP_QUESTION_NAME_MAX_LENGTH })
  question_name!: string;

  /** The field's label as its page shows it (`Release date`), for people; null until a page reported one. */
  @Column({ type: 'varchar', length: HELP_FIELD_LABEL_MAX_LENGTH, nullable: true })
  label!: string | null;
}
