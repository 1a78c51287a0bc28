import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createTestDatabase, describeEachDatabase, isMysqlFamily } from '@widgetlib/test-support/test-databases.js';
import { databaseServer, exactCollation, mysqlServerOfVersion } from './database-server.js';

describe('mysqlServerOfVersion', () => {
  it.each([
    ['10.11.6-MariaDB-0+deb12u1', 'mariadb'],
    ['11.4.2-MariaDB', 'mariadb'],
    ['5.5.5-10.11.6-MariaDB', 'mariadb'],
    ['8.4.3', 'mysql'],
    ['8.0.36-standard', 'mysql'],
  ])('tells %s as %s', (version, server) => {
    expect(mysqlServerOfVersion(version)).toBe(server);
  });
});

describeEachDatabase('databaseServer', (kind) => {
  it('asks the server, whichever driver type reaches it', async () => {
    const database = await createTestDatabase(kind);
    const dataSource = new DataSource(database.options);
    try {
      await dataSource.initialize();
      const server = await databaseServer(dataSource);
      // The MySQL/MariaDB server of the tests is MariaDB, through the `mysql` driver type as well.
      expect(server).toBe(isMysqlFamily(kind) ? 'mariadb' : kind);
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
