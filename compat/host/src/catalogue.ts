// The host's own tables: albums (a @DataTable endpoint across the artist relation) and books
// (a DataTableResource).
import { Type } from 'class-transformer';
import { IsInt, IsString, MaxLength, Min } from 'class-validator';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';

@Entity('compat_artist')
export class Artist {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;
}

@Entity('compat_album')
export class Album {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  title!: string;

  @Column({ type: 'integer' })
  year!: number;

  @ManyToOne(() => Artist, { nullable: false })
  @JoinColumn({ name: 'artist_id' })
  artist!: Relation<Artist>;
}

@Entity('compat_book')
export class Book {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  title!: string;

  @Column({ type: 'integer' })
  pages!: number;
}

export class BookDto {
  @MaxLength(100)
  @IsString()
  title!: string;

  @Min(1)
  @IsInt()
  @Type(() => Number)
  pages!: number;
}
