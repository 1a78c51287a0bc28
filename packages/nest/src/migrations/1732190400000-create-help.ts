import type { MigrationInterface, QueryRunner } from 'typeorm';
import { databaseDialect, exactCollation } from '../dialect/index.js';

/** Creates `widgetlib_help` on PostgreSQL, MySQL/MariaDB or SQLite. */
export class CreateHelp1732190400000 implements MigrationInterface {
  name = 'CreateHelp1732190400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { server } = await databaseDialect(queryRunner.connection);
    switch (server) {
      case 'postgres':
        await queryRunner.query(`CREATE TABLE "widgetlib_help" (
          "id" SERIAL NOT NULL,
          "id_view" character varying(255) NOT NULL,
          "question_name" character varying(255) NOT NULL,
          "help_title" character varying(350) NOT NULL,
          "help_text" text NOT NULL,
          CONSTRAINT "UQ_widgetlib_help_view_question" UNIQUE ("id_view", "question_name"),
          CONSTRAINT "PK_widgetlib_help" PRIMARY KEY ("id"))`);
        break;
      case 'mysql':
      case 'mariadb': {
        // Identifiers compare exactly, as on the other databases: case, accents and trailing spaces count.
        const exact = exactCollation(server);
        await queryRunner.query(`CREATE TABLE \`widgetlib_help\` (
          \`id\` int NOT NULL AUTO_INCREMENT,
          \`id_view\` varchar(255) CHARACTER SET utf8mb4 COLLATE ${exact} NOT NULL,
          \`question_name\` varchar(255) CHARACTER SET utf8mb4 COLLATE ${exact} NOT NULL,
          \`help_title\` varchar(350) NOT NULL,
          \`help_text\` text NOT NULL,
          UNIQUE INDEX \`UQ_widgetlib_help_view_question\` (\`id_view\`, \`question_name\`),
          PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
        break;
      }
      case 'sqlite':
        await queryRunner.query(`CREATE TABLE "widgetlib_help" (
          "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
          "id_view" varchar(255) NOT NULL,
          "question_name" varchar(255) NOT NULL,
          "help_title" varchar(350) NOT NULL,
          "help_text" text NOT NULL,
          CONSTRAINT "UQ_widgetlib_help_view_question" UNIQUE ("id_view", "question_name"))`);
        break;
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ${queryRunner.connection.driver.escape('widgetlib_help')}`);
  }
}
