import type { MigrationInterface, QueryRunner } from 'typeorm';
import { databaseDialect } from '../dialect/index.js';

type Types = Record<'varchar' | 'text' | 'integer', (length?: number) => string>;

/** The `before_*` or `after_*` columns: an entry's fields, all nullable. */
function stateColumns(prefix: 'before' | 'after', quote: (name: string) => string, types: Types): string {
  return [
    `${quote(`${prefix}_id_view`)} ${types.varchar(255)} NULL`,
    `${quote(`${prefix}_question_name`)} ${types.varchar(255)} NULL`,
    `${quote(`${prefix}_language`)} ${types.varchar(35)} NULL`,
    `${quote(`${prefix}_help_title`)} ${types.varchar(350)} NULL`,
    `${quote(`${prefix}_help_text`)} ${types.text()} NULL`,
    `${quote(`${prefix}_version`)} ${types.integer()} NULL`,
  ].join(',\n');
}

/** Creates `widgetlib_help_revision`, the history of help entries, on PostgreSQL, MySQL/MariaDB or SQLite. */
export class CreateHelpRevision1764028800000 implements MigrationInterface {
  name = 'CreateHelpRevision1764028800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { server } = await databaseDialect(queryRunner.connection);
    const states = (quote: (name: string) => string, types: Types) =>
      `${stateColumns('before', quote, types)},\n${stateColumns('after', quote, types)}`;
    const doubleQuoted = (name: string) => `"${name}"`;
    switch (server) {
      case 'postgres': {
        const types: Types = {
          varchar: (length) => `character varying(${length})`,
          text: () => 'text',
          integer: () => 'integer',
        };
        await queryRunner.query(`CREATE TABLE "widgetlib_help_revision" (
          "id" SERIAL NOT NULL,
          "help_id" integer NOT NULL,
          "action" character varying(10) NOT NULL,
          "user_name" character varying(255) NULL,
          "created_at" TIMESTAMP NOT NULL,
          ${states(doubleQuoted, types)},
          CONSTRAINT "PK_widgetlib_help_revision" PRIMARY KEY ("id"))`);
        break;
      }
      case 'mysql':
      case 'mariadb': {
        const types: Types = { varchar: (length) => `varchar(${length})`, text: () => 'text', integer: () => 'int' };
        await queryRunner.query(`CREATE TABLE \`widgetlib_help_revision\` (
          \`id\` int NOT NULL AUTO_INCREMENT,
          \`help_id\` int NOT NULL,
          \`action\` varchar(10) NOT NULL,
          \`user_name\` varchar(255) NULL,
          \`created_at\` datetime NOT NULL,
          ${states((name) => `\`${name}\``, types)},
          PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
        break;
      }
      case 'sqlite': {
        const types: Types = {
          varchar: (length) => `varchar(${length})`,
          text: () => 'text',
          integer: () => 'integer',
        };
        await queryRunner.query(`CREATE TABLE "widgetlib_help_revision" (
          "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
          "help_id" integer NOT NULL,
          "action" varchar(10) NOT NULL,
          "user_name" varchar(255),
          "created_at" datetime NOT NULL,
          ${states(doubleQuoted, types).replaceAll(' NULL', '')})`);
        break;
      }
    }
    const escape = (name: string) => queryRunner.connection.driver.escape(name);
    await queryRunner.query(
      `CREATE INDEX ${escape('IDX_widgetlib_help_revision_help')} ON ${escape('widgetlib_help_revision')} (${escape('help_id')})`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ${queryRunner.connection.driver.escape('widgetlib_help_revision')}`);
  }
}
