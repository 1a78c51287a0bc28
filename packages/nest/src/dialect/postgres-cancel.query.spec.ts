import { cancelPostgresStatement } from './postgres-cancel.query.js';

describe('cancelPostgresStatement', () => {
  it('settles at once for a session whose key the server has not given yet', async () => {
    await expect(
      cancelPostgresStatement({ host: '127.0.0.1', port: 1, processID: null, secretKey: null }),
    ).resolves.toBeUndefined();
  });

  it('settles when the server cannot be reached (the statement then runs on)', async () => {
    await expect(
      cancelPostgresStatement({ host: '127.0.0.1', port: 1, processID: 42, secretKey: -7 }),
    ).resolves.toBeUndefined();
    await expect(
      cancelPostgresStatement({ host: '/nonexistent-directory', port: 5432, processID: 42, secretKey: 7 }),
    ).resolves.toBeUndefined();
  });
});
