import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The local Redis (the count cache's and live tables' store), which the live check restarts. */
export class RedisServer {
  async restart(whileDown: () => Promise<void>): Promise<void> {
    await run('redis-cli', ['shutdown', 'nosave']).catch(() => undefined);
    await this.waitUntil(false);
    try {
      await whileDown();
    } finally {
      await run('redis-server', [
        '--daemonize',
        'yes',
        '--bind',
        '127.0.0.1',
        '-::1',
        '--port',
        '6379',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        '/var/lib/redis',
        '--logfile',
        '/var/log/redis/ci.log',
      ]);
      await this.waitUntil(true);
    }
  }

  private async waitUntil(up: boolean): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const answered = await run('redis-cli', ['ping']).then(
        ({ stdout }) => stdout.trim() === 'PONG',
        () => false,
      );
      if (answered === up) return;
      await sleep(100);
    }
    throw new Error(`Redis did not ${up ? 'come back' : 'stop'}`);
  }
}
