import type { MigrationInterface, QueryRunner } from 'typeorm';
import { databaseDialect, exactCollation } from '../dialect/index.js';

const SQLITE_TABLE = (name: string, withLanguage: boolean) => `CREATE TABLE "${name}" (
  "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  "id_view" varchar(255) NOT NULL,
  "question_name" varchar(255) NOT NULL,
  "help_title" varchar(350) NOT NULL,
  "help_text" text NOT NULL,
  "version" integer NOT NULL DEFAULT 1,
  ${
    withLanguage
      ? `"language" varchar(35),
  "language_key" varchar(35) NOT NULL DEFAULT '',
  CONSTRAINT "UQ_widgetlib_help_view_question_language" UNIQUE ("id_view", "question_name", "language_key"),
  CONSTRAINT "CHK_widgetlib_help_language_key" CHECK ("language_key" = COALESCE("language", '')))`
      : `CONSTRAINT "UQ_widgetlib_help_view_question" UNIQUE ("id_view", "question_name"))`
  }`;

const SQLITE_COLUMNS = '"id", "id_view", "question_name", "help_title", "help_text", "version"';

/**
 * Adds `widgetlib_help.language` (null: every language; existing entries keep null) and makes
 * (`id_view`, `question_name`, language) unique. A unique index lets NULLs repeat on every one of
 * the three databases, so uniqueness compares `language_key`, `language` with '' for null, which a
 * check constraint keeps in step.
 */
export class AddHelpLanguage1763942400000 implements MigrationInterface {
  name = 'AddHelpLanguage1763942400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { server } = await databaseDialect(queryRunner.connection);
    switch (server) {
      case 'postgres':
        await queryRunner.query(`ALTER TABLE "widgetlib_help" ADD "language" character varying(35)`);
        await queryRunner.query(
          `ALTER TABLE "widgetlib_help" ADD "language_key" character varying(35) NOT NULL DEFAULT ''`,
        );
        await queryRunner.query(`ALTER TABLE "widgetlib_help" DROP CONSTRAINT "UQ_widgetlib_help_view_question"`);
        await queryRunner.query(`ALTER TABLE "widgetlib_help"
          ADD CONSTRAINT "UQ_widgetlib_help_view_question_language" UNIQUE ("id_view", "question_name", "language_key")`);
        await queryRunner.query(`ALTER TABLE "widgetlib_help"
          ADD CONSTRAINT "CHK_widgetlib_help_language_key" CHECK ("language_key" = COALESCE("language", ''))`);
        break;
      case 'mysql':
      case 'mariadb': {
        const exact = exactCollation(server);
        await queryRunner.query(`ALTER TABLE \`widgetlib_help\`
          ADD \`language\` varchar(35) CHARACTER SET utf8mb4 COLLATE ${exact} NULL,
          ADD \`language_key\` varchar(35) CHARACTER SET utf8mb4 COLLATE ${exact} NOT NULL DEFAULT '',
          DROP INDEX \`UQ_widgetlib_help_view_question\`,
          ADD UNIQUE INDEX \`UQ_widgetlib_help_view_question_language\` (\`id_view\`, \`question_name\`, \`language_key\`),
          ADD CONSTRAINT \`CHK_widgetlib_help_language_key\` CHECK (\`language_key\` = COALESCE(\`language\`, ''))`);
        break;
      }
      case 'sqlite':
        // SQLite changes a table's constraints only by building the table anew.
        await rebuildSqliteTable(queryRunner, SQLITE_TABLE('widgetlib_help_new', true), SQLITE_COLUMNS);
        break;
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const { server } = await databaseDialect(queryRunner.connection);
    switch (server) {
      case 'postgres':
        await queryRunner.query(`ALTER TABLE "widgetlib_help" DROP CONSTRAINT "CHK_widgetlib_help_language_key"`);
        await queryRunner.query(
          `ALTER TABLE "widgetlib_help" DROP CONSTRAINT "UQ_widgetlib_help_view_question_language"`,
        );
        await queryRunner.query(
          `ALTER TABLE "widgetlib_help" ADD CONSTRAINT "UQ_widgetlib_help_view_question" UNIQUE ("id_view", "question_name")`,
        );
        await queryRunner.query(`ALTER TABLE "widgetlib_help" DROP COLUMN "language_key", DROP COLUMN "language"`);
        break;
      case 'mysql':
      case 'mariadb':
        await queryRunner.query(`ALTER TABLE \`widgetlib_help\`
          DROP CONSTRAINT \`CHK_widgetlib_help_language_key\`,
          DROP INDEX \`UQ_widgetlib_help_view_question_language\`,
          ADD UNIQUE INDEX \`UQ_widgetlib_help_view_question\` (\`id_view\`, \`question_name\`),
          DROP COLUMN \`language_key\`,
          DROP COLUMN \`language\``);
        break;
      case 'sqlite':
        await rebuildSqliteTable(queryRunner, SQLITE_TABLE('widgetlib_help_new', false), SQLITE_COLUMNS);
        break;
    }
  }
}

/**
 * Replaces `widgetlib_help` with the table `create` makes (named `widgetlib_help_new`), copying
 * `columns`, and keeps the AUTOINCREMENT counter, so that the id of a deleted entry is never given
 * again (its revisions refer to it).
 */
async function rebuildSqliteTable(queryRunner: QueryRunner, create: string, columns: string): Promise<void> {
  const [sequence] = (await queryRunner.query(
    `SELECT "seq" FROM "sqlite_sequence" WHERE "name" = 'widgetlib_help'`,
  )) as Array<{ seq: number }>;
  await queryRunner.query(create);
  await queryRunner.query(`INSERT INTO "widgetlib_help_new" (${columns}) SELECT ${columns} FROM "widgetlib_help"`);
  await queryRunner.query(`DROP TABLE "widgetlib_help"`);
  await queryRunner.query(`ALTER TABLE "widgetlib_help_new" RENAME TO "widgetlib_help"`);
  if (sequence) {
    await queryRunner.query(`UPDATE "sqlite_sequence" SET "seq" = ? WHERE "name" = 'widgetlib_help'`, [sequence.seq]);
  }
}
