import type { MigrationInterface, QueryRunner } from 'typeorm';
import { databaseDialect, exactCollation } from '../dialect/index.js';

/** Creates `widgetlib_menu_item` on PostgreSQL, MySQL/MariaDB or SQLite. */
export class CreateMenuItem1732276800000 implements MigrationInterface {
  name = 'CreateMenuItem1732276800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { server } = await databaseDialect(queryRunner.connection);
    switch (server) {
      case 'postgres':
        await queryRunner.query(`CREATE TABLE "widgetlib_menu_item" (
          "id" SERIAL NOT NULL,
          "title" character varying(255) NOT NULL,
          "url_name" character varying(255) NOT NULL,
          "category" character varying(100) NOT NULL,
          "is_reversed" boolean NOT NULL,
          "reversed_kwargs" text,
          "reversed_args" character varying(2048) NOT NULL,
          "is_widget" boolean NOT NULL,
          "icon" character varying(255) NOT NULL,
          "only_icon" boolean NOT NULL,
          "position" integer,
          CONSTRAINT "PK_widgetlib_menu_item" PRIMARY KEY ("id"))`);
        await queryRunner.query(
          `CREATE INDEX "IDX_widgetlib_menu_item_category" ON "widgetlib_menu_item" ("category")`,
        );
        break;
      case 'mysql':
      case 'mariadb': {
        // Route names, widget names and categories compare exactly, as on the other databases.
        const exact = exactCollation(server);
        await queryRunner.query(`CREATE TABLE \`widgetlib_menu_item\` (
          \`id\` int NOT NULL AUTO_INCREMENT,
          \`title\` varchar(255) NOT NULL,
          \`url_name\` varchar(255) CHARACTER SET utf8mb4 COLLATE ${exact} NOT NULL,
          \`category\` varchar(100) CHARACTER SET utf8mb4 COLLATE ${exact} NOT NULL,
          \`is_reversed\` tinyint NOT NULL,
          \`reversed_kwargs\` text NULL,
          \`reversed_args\` varchar(2048) NOT NULL,
          \`is_widget\` tinyint NOT NULL,
          \`icon\` varchar(255) NOT NULL,
          \`only_icon\` tinyint NOT NULL,
          \`position\` int NULL,
          INDEX \`IDX_widgetlib_menu_item_category\` (\`category\`),
          PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
        break;
      }
      case 'sqlite':
        await queryRunner.query(`CREATE TABLE "widgetlib_menu_item" (
          "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
          "title" varchar(255) NOT NULL,
          "url_name" varchar(255) NOT NULL,
          "category" varchar(100) NOT NULL,
          "is_reversed" boolean NOT NULL,
          "reversed_kwargs" text,
          "reversed_args" varchar(2048) NOT NULL,
          "is_widget" boolean NOT NULL,
          "icon" varchar(255) NOT NULL,
          "only_icon" boolean NOT NULL,
          "position" integer)`);
        await queryRunner.query(
          `CREATE INDEX "IDX_widgetlib_menu_item_category" ON "widgetlib_menu_item" ("category")`,
        );
        break;
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ${queryRunner.connection.driver.escape('widgetlib_menu_item')}`);
  }
}
