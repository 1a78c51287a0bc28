import type { MigrationInterface, QueryRunner } from 'typeorm';
import { databaseDialect } from '../dialect/index.js';

/** Adds `widgetlib_help_field.label`, the field's label as its page shows it (null: not reported yet). */
export class AddHelpFieldLabel1764547200000 implements MigrationInterface {
  name = 'AddHelpFieldLabel1764547200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { server } = await databaseDialect(queryRunner.connection);
    switch (server) {
      case 'postgres':
        await queryRunner.query(`ALTER TABLE "widgetlib_help_field" ADD "label" character varying(255)`);
        break;
      case 'mysql':
      case 'mariadb':
        await queryRunner.query(`ALTER TABLE \`widgetlib_help_field\` ADD \`label\` varchar(255) NULL`);
        break;
      case 'sqlite':
        await queryRunner.query(`ALTER TABLE "widgetlib_help_field" ADD COLUMN "label" varchar(255)`);
        break;
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const escape = (name: string) => queryRunner.connection.driver.escape(name);
    await queryRunner.query(`ALTER TABLE ${escape('widgetlib_help_field')} DROP COLUMN ${escape('label')}`);
  }
}
