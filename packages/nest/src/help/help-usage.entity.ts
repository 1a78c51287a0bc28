import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { HELP_ID_VIEW_MAX_LENGTH, HELP_QUESTION_NAME_MAX_LENGTH } from '#rules/help-limits.js';

/**
 * What a reader did: opened an entry, clicked a field's "?" (`asked`), clicked a "?" on a field
 * without help (`missing`), answered "was this helpful" (`helpful`, `not_helpful`).
 */
export type HelpUsageKind = 'opened' | 'asked' | 'missing' | 'helpful' | 'not_helpful';

/** One reader event, recorded only when the host enables `helpUsage`. */
@Entity('widgetlib_help_usage')
@Index('IDX_widgetlib_help_usage_view', ['id_view'])
export class HelpUsageEvent {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 12 })
  kind!: HelpUsageKind;

  @Column({ type: 'varchar', length: HELP_ID_VIEW_MAX_LENGTH })
  id_view!: string;

  @Column({ type: 'varchar', length: HELP_QUESTION_NAME_MAX_LENGTH })
  question_name!: string;

  /** The entry, for `opened`, `helpful` and `not_helpful`; no foreign key, so events outlive it. */
  @Column({ type: 'integer', nullable: true })
  help_id!: number | null;

  /** Who, as the host's `getUserName` names them; nothing else about the reader is kept. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  user_name!: string | null;

  @Column({ type: Date })
  created_at!: Date;
}
