import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import {
  HELP_ID_VIEW_MAX_LENGTH,
  HELP_LANGUAGE_MAX_LENGTH,
  HELP_QUESTION_NAME_MAX_LENGTH,
  HELP_TITLE_MAX_LENGTH,
} from '#rules/help-limits.js';

/** What a write did to a help entry; `restore` brought back the fields of an earlier revision. */
export type HelpRevisionAction = 'create' | 'update' | 'delete' | 'restore';

/**
 * One write to a help entry: who made it, when, and the entry's fields before and after it (the
 * `before_*` columns are null for a creation, the `after_*` ones for a deletion; `*_version` tells
 * which). Kept when the entry is deleted, so that it can be restored.
 */
@Entity('widgetlib_help_revision')
@Index('IDX_widgetlib_help_revision_help', ['help_id'])
export class HelpRevision {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The entry's id; no foreign key, since the entry may be gone. */
  @Column({ type: 'integer' })
  help_id!: number;

  @Column({ type: 'varchar', length: 10 })
  action!: HelpRevisionAction;

  /** Who wrote, as the host's `getUserName` names them; null when unknown (host code, no user). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  user_name!: string | null;

  @Column({ type: Date })
  created_at!: Date;

  @Column({ type: 'varchar', length: HELP_ID_VIEW_MAX_LENGTH, nullable: true })
  before_id_view!: string | null;

  @Column({ type: 'varchar', length: HELP_QUESTION_NAME_MAX_LENGTH, nullable: true })
  before_question_name!: string | null;

  @Column({ type: 'varchar', length: HELP_LANGUAGE_MAX_LENGTH, nullable: true })
  before_language!: string | null;

  @Column({ type: 'varchar', length: HELP_TITLE_MAX_LENGTH, nullable: true })
  before_help_title!: string | null;

  @Column({ type: 'text', nullable: true })
  before_help_text!: string | null;

  @Column({ type: 'integer', nullable: true })
  before_version!: number | null;

  @Column({ type: 'varchar', length: HELP_ID_VIEW_MAX_LENGTH, nullable: true })
  after_id_view!: string | null;

  @Column({ type: 'varchar', length: HELP_QUESTION_NAME_MAX_LENGTH, nullable: true })
  after_question_name!: string | null;

  @Column({ type: 'varchar', length: HELP_LANGUAGE_MAX_LENGTH, nullable: true })
  after_language!: string | null;

  @Column({ type: 'varchar', length: HELP_TITLE_MAX_LENGTH, nullable: true })
  after_help_title!: string | null;

  @Column({ type: 'text', nullable: true })
  after_help_text!: string | null;

  @Column({ type: 'integer', nullable: true })
  after_version!: number | null;
}
