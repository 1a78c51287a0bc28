import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The table of the session store (connect-session-knex's schema), made here rather than by the store
 * itself so that instances starting together on one database do not race to create it.
 */
export class CreateSessions1732400000000 implements MigrationInterface {
  name = 'CreateSessions1732400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The store writes UTC instants: PostgreSQL keeps them with their zone, the others as written.
    const expired = queryRunner.connection.driver.options.type === 'postgres' ? 'timestamptz' : 'datetime';
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          { name: 'sid', type: 'varchar', length: '255', isPrimary: true },
          { name: 'sess', type: 'text' },
          { name: 'expired', type: expired },
        ],
        indices: [new TableIndex({ name: 'IDX_sessions_expired', columnNames: ['expired'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('sessions');
  }
}
