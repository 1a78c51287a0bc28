import type { MigrationInterface, QueryRunner } from 'typeorm';
import { databaseDialect } from '../dialect/index.js';

/**
 * Creates `widgetlib_saved_view_owner`, the row per user and table that creates of saved views lock,
 * on PostgreSQL, MySQL/MariaDB or SQLite. `owner` compares as in `widgetlib_saved_view`.
 */
export class CreateSavedViewOwner1764381600000 implements MigrationInterface {
  name = 'CreateSavedViewOwner1764381600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    switch ((await databaseDialect(queryRunner.connection)).server) {
      case 'postgres':
        await queryRunner.query(`CREATE TABLE "widgetlib_saved_view_owner" (
          "table_id" character varying(100) NOT NULL,
          "owner" character varying(255) NOT NULL,
          "creates" integer NOT NULL,
          CONSTRAINT "PK_widgetlib_saved_view_owner" PRIMARY KEY ("table_id", "owner"))`);
        break;
      case 'mysql':
      case 'mariadb':
        await queryRunner.query(`CREATE TABLE \`widgetlib_saved_view_owner\` (
          \`table_id\` varchar(100) NOT NULL,
          \`owner\` varchar(255) NOT NULL,
          \`creates\` int NOT NULL,
          PRIMARY KEY (\`table_id\`, \`owner\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
        break;
      case 'sqlite':
        await queryRunner.query(`CREATE TABLE "widgetlib_saved_view_owner" (
          "table_id" varchar(100) NOT NULL,
          "owner" varchar(255) NOT NULL,
          "creates" integer NOT NULL,
          PRIMARY KEY ("table_id", "owner"))`);
        break;
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ${queryRunner.connection.driver.escape('widgetlib_saved_view_owner')}`);
  }
}
