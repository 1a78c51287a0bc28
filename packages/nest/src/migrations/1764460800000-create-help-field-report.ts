import type { MigrationInterface, QueryRunner } from 'typeorm';
import { databaseDialect, exactCollation } from '../dialect/index.js';

/**
 * Creates `widgetlib_help_field_report`, each user's reports of a view's labelled fields until enough
 * users reported a field, on PostgreSQL, MySQL/MariaDB or SQLite. Fields listed before stay listed.
 */
export class CreateHelpFieldReport1764460800000 implements MigrationInterface {
  name = 'CreateHelpFieldReport1764460800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { server } = await databaseDialect(queryRunner.connection);
    switch (server) {
      case 'postgres':
        await queryRunner.query(`CREATE TABLE "widgetlib_help_field_report" (
          "id" SERIAL NOT NULL,
          "id_view" character varying(255) NOT NULL,
          "reporter" character varying(64) NOT NULL,
          "question_name" character varying(255) NOT NULL,
          CONSTRAINT "UQ_widgetlib_help_field_report_view_reporter_question" UNIQUE ("id_view", "reporter", "question_name"),
          CONSTRAINT "PK_widgetlib_help_field_report" PRIMARY KEY ("id"))`);
        break;
      case 'mysql':
      case 'mariadb': {
        // Views and fields compare exactly, as in widgetlib_help.
        const exact = exactCollation(server);
        await queryRunner.query(`CREATE TABLE \`widgetlib_help_field_report\` (
          \`id\` int NOT NULL AUTO_INCREMENT,
          \`id_view\` varchar(255) CHARACTER SET utf8mb4 COLLATE ${exact} NOT NULL,
          \`reporter\` varchar(64) CHARACTER SET utf8mb4 COLLATE ${exact} NOT NULL,
          \`question_name\` varchar(255) CHARACTER SET utf8mb4 COLLATE ${exact} NOT NULL,
          UNIQUE INDEX \`UQ_widgetlib_help_field_report_view_reporter_question\` (\`id_view\`, \`reporter\`, \`question_name\`),
          PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
        break;
      }
      case 'sqlite':
        await queryRunner.query(`CREATE TABLE "widgetlib_help_field_report" (
          "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
          "id_view" varchar(255) NOT NULL,
          "reporter" varchar(64) NOT NULL,
          "question_name" varchar(255) NOT NULL,
          CONSTRAINT "UQ_widgetlib_help_field_report_view_reporter_question" UNIQUE ("id_view", "reporter", "question_name"))`);
        break;
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ${queryRunner.connection.driver.escape('widgetlib_help_field_report')}`);
  }
}
