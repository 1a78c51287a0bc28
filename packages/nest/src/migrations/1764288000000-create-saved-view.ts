import type { MigrationInterface, QueryRunner } from 'typeorm';
import { databaseDialect } from '../dialect/index.js';

/** Creates `widgetlib_saved_view`, the saved views of data tables, on PostgreSQL, MySQL/MariaDB or SQLite. */
export class CreateSavedView1764288000000 implements MigrationInterface {
  name = 'CreateSavedView1764288000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { server } = await databaseDialect(queryRunner.connection);
    switch (server) {
      case 'postgres':
        await queryRunner.query(`CREATE TABLE "widgetlib_saved_view" (
          "id" SERIAL NOT NULL,
          "table_id" character varying(100) NOT NULL,
          "owner" character varying(255) NOT NULL,
          "kind" character varying(10) NOT NULL,
          "name" character varying(100) NOT NULL,
          "state" text NOT NULL,
          "shared" boolean NOT NULL,
          "is_default" boolean NOT NULL,
          "created_at" TIMESTAMP NOT NULL,
          "updated_at" TIMESTAMP NOT NULL,
          CONSTRAINT "PK_widgetlib_saved_view" PRIMARY KEY ("id"))`);
        break;
      case 'mysql':
      case 'mariadb':
        await queryRunner.query(`CREATE TABLE \`widgetlib_saved_view\` (
          \`id\` int NOT NULL AUTO_INCREMENT,
          \`table_id\` varchar(100) NOT NULL,
          \`owner\` varchar(255) NOT NULL,
          \`kind\` varchar(10) NOT NULL,
          \`name\` varchar(100) NOT NULL,
          \`state\` text NOT NULL,
          \`shared\` tinyint NOT NULL,
          \`is_default\` tinyint NOT NULL,
          \`created_at\` datetime NOT NULL,
          \`updated_at\` datetime NOT NULL,
          PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
        break;
      case 'sqlite':
        await queryRunner.query(`CREATE TABLE "widgetlib_saved_view" (
          "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
          "table_id" varchar(100) NOT NULL,
          "owner" varchar(255) NOT NULL,
          "kind" varchar(10) NOT NULL,
          "name" varchar(100) NOT NULL,
          "state" text NOT NULL,
          "shared" boolean NOT NULL,
          "is_default" boolean NOT NULL,
          "created_at" datetime NOT NULL,
          "updated_at" datetime NOT NULL)`);
        break;
    }
    const escape = (name: string) => queryRunner.connection.driver.escape(name);
    await queryRunner.query(
      `CREATE INDEX ${escape('IDX_widgetlib_saved_view_table_owner')} ON ${escape('widgetlib_saved_view')} ` +
        `(${escape('table_id')}, ${escape('owner')})`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ${queryRunner.connection.driver.escape('widgetlib_saved_view')}`);
  }
}
