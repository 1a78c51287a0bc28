import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The album's version (its entity's `@VersionColumn`): each write counts it up, and a change made
 * in place in the albums table names the version it started from (`If-Match`), so that it cannot
 * silently overwrite someone else's. Albums already stored start at 1.
 */
export class AlbumVersion1732600000000 implements MigrationInterface {
  name = 'AlbumVersion1732600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'album',
      new TableColumn({ name: 'version', type: 'integer', isNullable: false, default: 1 }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('album', 'version');
  }
}
