import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Adds `widgetlib_help.version` (the entry's ETag); existing entries start at version 1. */
export class AddHelpVersion1763856000000 implements MigrationInterface {
  name = 'AddHelpVersion1763856000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = queryRunner.connection.driver.escape('widgetlib_help');
    const column = queryRunner.connection.driver.escape('version');
    // The same statement on the three databases: a NOT NULL column with a default fills every row.
    await queryRunner.query(`ALTER TABLE ${table} ADD ${column} integer NOT NULL DEFAULT 1`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('widgetlib_help', 'version');
  }
}
