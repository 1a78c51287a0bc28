import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createTestDatabase, describeEachDatabase, isMysqlFamily } from '@widgetlib/test-support/test-databases.js';
import { databaseDialect } from './database-dialect.query.js';
import { exactCollation } from './mysql.dialect.js';

describeEachDatabase('databaseDialect', (kind) => {
  it('asks the server, whichever driver type reaches it', async () => {
    const database = await createTestDatabase(kind);
    const dataSource = new DataSource(database.options);
    try {
      await dataSource.initialize();
      const { server } = await databaseDialect(dataSource);
      // The MySQL/MariaDB server of the tests is MariaDB, through the `mysql` driver type as well.
      expect(server).toBe(isMysqlFamily(kind) ? 'mariadb' : kind);
      expect(await databaseDialect(dataSource)).toBe(await databaseDialect(dataSource));
      if (server === 'mariadb' || server === 'mysql') {
        const [row] = (await dataSource.query(
          'SELECT COUNT(*) AS n FROM information_schema.COLLATIONS WHERE COLLATION_NAME = ?',
          [exactCollation(server)],
        )) as Array<{ n: number | string }>;
        expect(Number(row!.n)).toBe(1);
      }
    } finally {
      await dataSource.destroy();
      await database.drop();
    }
  });
});
