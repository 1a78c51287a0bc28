import { Exclude, Expose } from 'class-transformer';
import { Column, Entity, ManyToOne, OneToMany, PrimaryGeneratedColumn, type DataSource, type Relation } from 'typeorm';
import { ALBUM_ENTITIES, Album } from '../../../test/fixtures/album.entities.js';
import { metadataOnlyDataSource } from '@widgetlib/test-support/entity-metadata.js';
import { fieldSpecOf, INT32_RANGE, resolveFieldPath } from './field-path.reader.js';

@Entity('spec_owner')
@Exclude()
class Owner {
  @Expose()
  @PrimaryGeneratedColumn()
  id!: number;

  @Expose()
  @Column({ type: 'varchar' })
  name!: string;

  @Column({ type: 'varchar' })
  tax_id!: string;

  @OneToMany(() => Pet, (pet) => pet.owner)
  pets!: Relation<Pet[]>;
}

@Entity('spec_pet')
class Pet {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'smallint', unsigned: true })
  age!: number;

  @Column({ type: 'varchar', select: false })
  chip!: string;

  @Column({ type: 'enum', enum: ['cat', 'dog'] })
  kind!: string;

  @Column({ type: 'real' })
  weight!: number;

  @Column({ type: 'double precision' })
  height!: number;

  @Column({ type: 'decimal', precision: 8, scale: 2 })
  fee!: string;

  @ManyToOne(() => Owner, (owner) => owner.pets)
  owner!: Relation<Owner>;
}

describe('resolveFieldPath', () => {
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await metadataOnlyDataSource('postgres', [...ALBUM_ENTITIES, Owner, Pet]);
  });

  it('resolves a column of the listed entity', () => {
    const resolved = resolveFieldPath(dataSource.getMetadata(Album), 'year');
    expect(resolved).toMatchObject({ path: 'year', relations: [], toMany: false, nullable: false, hidden: false });
    expect(resolved.field).toEqual({ kind: 'integer', integerRange: INT32_RANGE });
  });

  it('crosses to-one and to-many relations; a path ending at a relation stands for its key', () => {
    const artist = resolveFieldPath(dataSource.getMetadata(Album), 'artist__name');
    expect(artist.relations.map((relation) => relation.propertyName)).toEqual(['artist']);
    expect(artist).toMatchObject({ toMany: false, nullable: true, field: { kind: 'string' } });
    const genres = resolveFieldPath(dataSource.getMetadata(Album), 'genres');
    expect(genres).toMatchObject({ toMany: true, column: { propertyName: 'id' } });
    expect(resolveFieldPath(dataSource.getMetadata(Owner), 'pets__age').toMany).toBe(true);
  });

  it('marks hidden columns: select false, @Exclude, not exposed, or behind a hidden relation', () => {
    const album = dataSource.getMetadata(Album);
    const pet = dataSource.getMetadata(Pet);
    expect(resolveFieldPath(album, 'secret').hidden).toBe(true);
    expect(resolveFieldPath(pet, 'chip').hidden).toBe(true);
    expect(resolveFieldPath(pet, 'owner__tax_id').hidden).toBe(true);
    expect(resolveFieldPath(pet, 'owner__name').hidden).toBe(false);
    expect(resolveFieldPath(dataSource.getMetadata(Owner), 'pets__age').hidden).toBe(true);
  });

  it('names what it cannot resolve', () => {
    const album = dataSource.getMetadata(Album);
    expect(() => resolveFieldPath(album, 'nothing')).toThrow(
      'data table path nothing: Album has no column or relation nothing',
    );
    expect(() => resolveFieldPath(album, 'year__x')).toThrow('data table path year__x: Album has no relation year');
  });

  it('reads the field kind and range from the column type', () => {
    const pet = dataSource.getMetadata(Pet);
    expect(fieldSpecOf(pet.findColumnWithPropertyName('age')!)).toEqual({ kind: 'integer', integerRange: [0, 65_535] });
    expect(fieldSpecOf(pet.findColumnWithPropertyName('kind')!)).toEqual({ kind: 'string', choices: ['cat', 'dog'] });
    expect(['weight', 'height', 'fee'].map((name) => fieldSpecOf(pet.findColumnWithPropertyName(name)!))).toEqual([
      { kind: 'number', float: 'single' },
      { kind: 'number', float: 'double' },
      { kind: 'number' },
    ]);
    const album = dataSource.getMetadata(Album);
    expect(
      ['released', 'recorded_at', 'is_live'].map((name) => fieldSpecOf(album.findColumnWithPropertyName(name)!).kind),
    ).toEqual(['date', 'datetime', 'boolean']);
  });
});
