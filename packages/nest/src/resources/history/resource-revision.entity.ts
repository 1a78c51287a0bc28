import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What a write did to a record: `restore` brought back its fields as an earlier revision left them. */
export type ResourceRevisionAction = 'create' | 'update' | 'delete' | 'restore';

/**
 * One write to a record of a `DataTableResource` declared with `history`: who made it, when,
 * through which route, and the fields it changed (`changes`, JSON `HistoryChange`s). Kept when the
 * record is deleted.
 */
@Entity('widgetlib_resource_revision')
@Index('IDX_widgetlib_resource_revision_record', ['entity', 'record_id'])
export class ResourceRevision {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The table of the record's entity. */
  @Column({ type: 'varchar', length: 255 })
  entity!: string;

  /** The record's primary key, as text; no foreign key, since the record may be gone. */
  @Column({ type: 'varchar', length: 64 })
  record_id!: string;

  @Column({ type: 'varchar', length: 10 })
  action!: ResourceRevisionAction;

  /** The request that wrote: its method and path (`PUT /api/albums/3/`). */
  @Column({ type: 'varchar', length: 255 })
  route!: string;

  /** Who wrote, as the host's `getUserName` names them; null when unknown. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  user_name!: string | null;

  @Column({ type: Date })
  created_at!: Date;

  /** The changed fields, as JSON. */
  @Column({ type: 'text' })
  changes!: string;
}
