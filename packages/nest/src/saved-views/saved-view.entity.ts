import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { SAVED_VIEW_NAME_MAX_LENGTH, SAVED_VIEW_TABLE_ID_MAX_LENGTH } from './saved-view.constants.js';

/** `view`: a named view; `current`: the state a user's table was last left in (`stateSave`). */
export type SavedViewKind = 'view' | 'current';

/**
 * A DataTables state of one `@DataTable` table, owned by one user (as `getUserName` names them).
 * A shared view can be loaded by every user of the table; only its owner changes it.
 */
@Entity('widgetlib_saved_view')
@Index('IDX_widgetlib_saved_view_table_owner', ['table_id', 'owner'])
export class SavedView {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: SAVED_VIEW_TABLE_ID_MAX_LENGTH })
  table_id!: string;

  @Column({ type: 'varchar', length: 255 })
  owner!: string;

  @Column({ type: 'varchar', length: 10 })
  kind!: SavedViewKind;

  /** Empty for the `current` state. */
  @Column({ type: 'varchar', length: SAVED_VIEW_NAME_MAX_LENGTH })
  name!: string;

  /** The validated state as JSON. */
  @Column({ type: 'text' })
  state!: string;

  @Column({ type: 'boolean' })
  shared!: boolean;

  /** StateRestore's default state of the owner for the table. */
  @Column({ type: 'boolean' })
  is_default!: boolean;

  @Column({ type: Date })
  created_at!: Date;

  @Column({ type: Date })
  updated_at!: Date;
}
