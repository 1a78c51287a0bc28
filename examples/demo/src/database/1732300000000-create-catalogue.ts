import { Table, TableForeignKey, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The demo's catalogue: artists, genres and albums. TypeORM's Table API writes each database's SQL. */
export class CreateCatalogue1732300000000 implements MigrationInterface {
  name = 'CreateCatalogue1732300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const id = {
      name: 'id',
      type: 'integer',
      isPrimary: true,
      isGenerated: true,
      generationStrategy: 'increment' as const,
    };
    const dateTime = queryRunner.connection.driver.normalizeType({ type: Date });

    await queryRunner.createTable(
      new Table({
        name: 'artist',
        columns: [
          id,
          { name: 'name', type: 'varchar', length: '200' },
          { name: 'country', type: 'varchar', length: '100' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({ name: 'genre', columns: [id, { name: 'name', type: 'varchar', length: '100' }] }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'album',
        columns: [
          id,
          { name: 'title', type: 'varchar', length: '200' },
          { name: 'catalogue_code', type: 'varchar', length: '20' },
          { name: 'tracks', type: 'integer' },
          { name: 'explicit', type: 'boolean' },
          { name: 'released_on', type: 'date' },
          { name: 'added_at', type: dateTime },
          { name: 'format', type: 'varchar', length: '20' },
          { name: 'notes', type: 'text' },
          { name: 'homepage', type: 'varchar', length: '500', isNullable: true },
          { name: 'artist_id', type: 'integer' },
        ],
        indices: [
          new TableIndex({ name: 'IDX_album_title', columnNames: ['title'] }),
          new TableIndex({ name: 'IDX_album_released_on', columnNames: ['released_on'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['artist_id'],
            referencedTableName: 'artist',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'album_genre',
        columns: [
          { name: 'album_id', type: 'integer', isPrimary: true },
          { name: 'genre_id', type: 'integer', isPrimary: true },
        ],
        indices: [new TableIndex({ columnNames: ['album_id'] }), new TableIndex({ columnNames: ['genre_id'] })],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['album_id'],
            referencedTableName: 'album',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'CASCADE',
          }),
          new TableForeignKey({
            columnNames: ['genre_id'],
            referencedTableName: 'genre',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['album_genre', 'album', 'genre', 'artist']) await queryRunner.dropTable(table);
  }
}
