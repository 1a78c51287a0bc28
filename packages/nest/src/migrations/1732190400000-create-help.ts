import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creates `widgetlib_help` on PostgreSQL, MySQL/MariaDB or SQLite. */
export class CreateHelp1732190400000 implements MigrationInterface {
  name = 'CreateHelp1732190400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    switch (queryRunner.connection.options.type) {
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
        const exact = queryRunner.connection.options.type === 'mariadb' ? 'utf8mb4_nopad_bin' : 'utf8mb4_0900_bin';
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
      case 'better-sqlite3':
      case 'sqljs':
        await queryRunner.query(`CREATE TABLE "widgetlib_help" (
          "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
          "id_view" varchar(255) NOT NULL,
          "question_name" varchar(255) NOT NULL,
          "help_title" varchar(350) NOT NULL,
          "help_text" text NOT NULL,
          CONSTRAINT "UQ_widgetlib_help_view_question" UNIQUE ("id_view", "question_name"))`);
        break;
      default:
        throw new Error(`widgetlib has no migration for database type "${queryRunner.connection.options.type}"`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ${queryRunner.connection.driver.escape('widgetlib_help')}`);
  }
}
