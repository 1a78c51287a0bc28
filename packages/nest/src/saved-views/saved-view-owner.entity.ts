import { Column, Entity, PrimaryColumn } from 'typeorm';
import { SAVED_VIEW_TABLE_ID_MAX_LENGTH } from './saved-view.constants.js';

/**
 * One row per user and table with saved views: the row a create locks (by updating it) before it
 * counts the user's views, so that creates of one user on one table run one after the other and
 * the limit holds however many arrive at once.
 */
@Entity('widgetlib_saved_view_owner')
export class SavedViewOwner {
  @PrimaryColumn({ type: 'varchar', length: SAVED_VIEW_TABLE_ID_MAX_LENGTH })
  table_id!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  owner!: string;

  /** How many views the user has created on the table: each create adds one, which locks the row. */
  @Column({ type: 'int' })
  creates!: number;
}
