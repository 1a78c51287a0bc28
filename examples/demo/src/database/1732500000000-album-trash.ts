import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The albums' trash: `deleted_at` (the entity's `@DeleteDateColumn`), of the type TypeORM gives a
 * delete date on each database, and its index (the trash's retention looks old deletions up by it).
 */
export class AlbumTrash1732500000000 implements MigrationInterface {
  name = 'AlbumTrash1732500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { deleteDate, deleteDatePrecision } = queryRunner.connection.driver.mappedDataTypes;
    await queryRunner.addColumn(
      'album',
      new TableColumn({
        name: 'deleted_at',
        type: queryRunner.connection.driver.normalizeType({ type: deleteDate }),
        ...(deleteDatePrecision === undefined ? {} : { precision: deleteDatePrecision }),
        isNullable: true,
      }),
    );
    await queryRunner.createIndex(
      'album',
      new TableIndex({ name: 'IDX_album_deleted_at', columnNames: ['deleted_at'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('album', 'IDX_album_deleted_at');
    await queryRunner.dropColumn('album', 'deleted_at');
  }
}
