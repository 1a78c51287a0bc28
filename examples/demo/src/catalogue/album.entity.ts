import {
  Column,
  DeleteDateColumn,
  Entity,
  Index,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
  VersionColumn,
} from 'typeorm';
import type { AlbumFormat } from './album-format.js';
import { Artist } from './artist.entity.js';
import { Genre } from './genre.entity.js';

@Entity('album')
export class Album {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('IDX_album_title')
  @Column({ type: 'varchar', length: 200 })
  title!: string;

  /** Set when the album is created; shown read-only. */
  @Column({ type: 'varchar', length: 20 })
  catalogue_code!: string;

  @Column({ type: 'integer' })
  tracks!: number;

  @Column({ type: 'boolean' })
  explicit!: boolean;

  @Index('IDX_album_released_on')
  @Column({ type: 'date' })
  released_on!: string;

  @Column({ type: Date })
  added_at!: Date;

  @Column({ type: 'varchar', length: 20 })
  format!: AlbumFormat;

  @Column({ type: 'text' })
  notes!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  homepage!: string | null;

  @ManyToOne(() => Artist, { nullable: false, onDelete: 'CASCADE' })
  @JoinColumn({ name: 'artist_id' })
  artist!: Relation<Artist>;

  @ManyToMany(() => Genre)
  @JoinTable({
    name: 'album_genre',
    joinColumn: { name: 'album_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'genre_id', referencedColumnName: 'id' },
  })
  genres!: Relation<Genre[]>;

  /** Set when the album is deleted: it waits in the albums' trash (README "Trash") until restored or purged. */
  @Index('IDX_album_deleted_at')
  @DeleteDateColumn({ name: 'deleted_at' })
  deleted_at!: Date | null;

  /** Counted up by every write: a change made in place in the table names it (`If-Match`). */
  @VersionColumn({ default: 1 })
  version!: number;
}
