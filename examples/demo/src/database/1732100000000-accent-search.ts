import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On PostgreSQL, what the README asks of a host for widgetlib's accent-insensitive search: the
 * `unaccent` extension and its immutable wrapper `widgetlib_unaccent` (without them the library falls
 * back to `translate()`, which reads every row slowly). A server without the extension keeps the fallback.
 * Its timestamp puts it before widgetlib's own migrations: the library asks the server what it has once
 * per data source, and its migrations ask first.
 */
export class AccentSearch1732100000000 implements MigrationInterface {
  name = 'AccentSearch1732100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type !== 'postgres') return;
    const available = (await queryRunner.query(
      `SELECT 1 FROM pg_catalog.pg_available_extensions WHERE name = 'unaccent'`,
    )) as unknown[];
    if (available.length === 0) return;
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS unaccent');
    await queryRunner.query(
      'CREATE OR REPLACE FUNCTION widgetlib_unaccent(text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT ' +
        `COST 10 AS $$ BEGIN RETURN public.unaccent('public.unaccent'::regdictionary, $1); END $$`,
    );
  }

  async down(): Promise<void> {
    // The extension and the wrapper may serve other tables of the database: they stay.
  }
}
