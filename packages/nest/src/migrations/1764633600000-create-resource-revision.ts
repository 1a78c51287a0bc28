import type { MigrationInterface, QueryRunner } from 'typeorm';
import { databaseDialect } from '../dialect/index.js';

/** Creates `widgetlib_resource_revision`, the history of resources, on PostgreSQL, MySQL/MariaDB or SQLite. */
export class CreateResourceRevision1764633600000 implements MigrationInterface {
  name = 'CreateResourceRevision1764633600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { server } = await databaseDialect(queryRunner.connection);
    switch (server) {
      case 'postgres':
        await queryRunner.query(`CREATE TABLE "widgetlib_resource_revision" (
          "id" SERIAL NOT NULL,
          "entity" character varying(255) NOT NULL,
          "record_id" character varying(64) NOT NULL,
          "action" character varying(10) NOT NULL,
          "route" character varying(255) NOT NULL,
          "user_name" character varying(255) NULL,
          "created_at" TIMESTAMP NOT NULL,
          "changes" text NOT NULL,
          CONSTRAINT "PK_widgetlib_resource_revision" PRIMARY KEY ("id"))`);
        break;
      case 'mysql':
      case 'mariadb':
        await queryRunner.query(`CREATE TABLE \`widgetlib_resource_revision\` (
          \`id\` int NOT NULL AUTO_INCREMENT,
          \`entity\` varchar(255) NOT NULL,
          \`record_id\` varchar(64) NOT NULL,
          \`action\` varchar(10) NOT NULL,
          \`route\` varchar(255) NOT NULL,
          \`user_name\` varchar(255) NULL,
          \`created_at\` datetime NOT NULL,
          \`changes\` text NOT NULL,
          PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
        break;
      case 'sqlite':
        await queryRunner.query(`CREATE TABLE "widgetlib_resource_revision" (
          "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
          "entity" varchar(255) NOT NULL,
          "record_id" varchar(64) NOT NULL,
          "action" varchar(10) NOT NULL,
          "route" varchar(255) NOT NULL,
          "user_name" varchar(255),
          "created_at" datetime NOT NULL,
          "changes" text NOT NULL)`);
        break;
    }
    const escape = (name: string) => queryRunner.connection.driver.escape(name);
    await queryRunner.query(
      `CREATE INDEX ${escape('IDX_widgetlib_resource_revision_record')} ON ${escape('widgetlib_resource_revision')} (${escape('entity')}, ${escape('record_id')})`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ${queryRunner.connection.driver.escape('widgetlib_resource_revision')}`);
  }
}
