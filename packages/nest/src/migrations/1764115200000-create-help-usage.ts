import type { MigrationInterface, QueryRunner } from 'typeorm';
import { databaseDialect, exactCollation } from '../dialect/index.js';

/** Creates `widgetlib_help_usage`, the readers' events, on PostgreSQL, MySQL/MariaDB or SQLite. */
export class CreateHelpUsage1764115200000 implements MigrationInterface {
  name = 'CreateHelpUsage1764115200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { server } = await databaseDialect(queryRunner.connection);
    switch (server) {
      case 'postgres':
        await queryRunner.query(`CREATE TABLE "widgetlib_help_usage" (
          "id" SERIAL NOT NULL,
          "kind" character varying(12) NOT NULL,
          "id_view" character varying(255) NOT NULL,
          "question_name" character varying(255) NOT NULL,
          "help_id" integer NULL,
          "user_name" character varying(255) NULL,
          "created_at" TIMESTAMP NOT NULL,
          CONSTRAINT "PK_widgetlib_help_usage" PRIMARY KEY ("id"))`);
        break;
      case 'mysql':
      case 'mariadb': {
        // Views and fields compare exactly, as in widgetlib_help.
        const exact = exactCollation(server);
        await queryRunner.query(`CREATE TABLE \`widgetlib_help_usage\` (
          \`id\` int NOT NULL AUTO_INCREMENT,
          \`kind\` varchar(12) NOT NULL,
          \`id_view\` varchar(255) CHARACTER SET utf8mb4 COLLATE ${exact} NOT NULL,
          \`question_name\` varchar(255) CHARACTER SET utf8mb4 COLLATE ${exact} NOT NULL,
          \`help_id\` int NULL,
          \`user_name\` varchar(255) NULL,
          \`created_at\` datetime NOT NULL,
          PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
        break;
      }
      case 'sqlite':
        await queryRunner.query(`CREATE TABLE "widgetlib_help_usage" (
          "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
          "kind" varchar(12) NOT NULL,
          "id_view" varchar(255) NOT NULL,
          "question_name" varchar(255) NOT NULL,
          "help_id" integer,
          "user_name" varchar(255),
          "created_at" datetime NOT NULL)`);
        break;
    }
    const escape = (name: string) => queryRunner.connection.driver.escape(name);
    await queryRunner.query(
      `CREATE INDEX ${escape('IDX_widgetlib_help_usage_view')} ON ${escape('widgetlib_help_usage')} (${escape('id_view')})`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ${queryRunner.connection.driver.escape('widgetlib_help_usage')}`);
  }
}
