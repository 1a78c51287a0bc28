import { Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { HELP_ID_VIEW_MAX_LENGTH, HELP_QUESTION_NAME_MAX_LENGTH } from '#rules/help-limits.js';
import type { HelpUsageKind } from './help-usage.checks.js';

/**
 * How many times readers did one thing on one entry or field of a view on one day (UTC), recorded
 * only when the host enables `helpUsage`. Nothing about the reader is kept.
 */
@Entity('widgetlib_help_usage_counter')
@Unique('UQ_widgetlib_help_usage_counter_key', ['id_view', 'question_name', 'help_id', 'kind', 'day'])
@Index('IDX_widgetlib_help_usage_counter_day', ['day'])
export class HelpUsageCounter {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 12 })
  kind!: HelpUsageKind;

  @Column({ type: 'varchar', length: HELP_ID_VIEW_MAX_LENGTH })
  id_view!: string;

  @Column({ type: 'varchar', length: HELP_QUESTION_NAME_MAX_LENGTH })
  question_name!: string;

  /**
   * The entry, for `opened`, `helpful` and `not_helpful`; 0 for a field's `asked` and `missing` (a
   * unique key treats NULLs as distinct). No foreign key, so counts outlive the entry.
   */
  @Column({ type: 'integer' })
  help_id!: number;

  /** The day, `YYYY-MM-DD` in UTC. */
  @Column({ type: 'date' })
  day!: string;

  @Column({ type: 'integer' })
  count!: number;
}
