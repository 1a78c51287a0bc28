import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port no one listens on now (the system's pick). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether Redis answers PING on `port`. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    for (const event of ['error', 'timeout'] as const) {
      socket.once(event, () => {
        socket.destroy();
        resolve(false);
      });
    }
  });
}

/**
 * A redis-server of the test's own on a free port, keeping nothing on disk: the system's Redis
 * (and whatever other suites keep in it) is never touched. Stops and starts again on the same port.
 */
export class TestRedisServer {
  private child: ChildProcess | null = null;
  private output = '';

  private constructor(readonly port: number) {}

  static async start(): Promise<TestRedisServer> {
    const server = new TestRedisServer(await freePort());
    await server.resume();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server again (after `stop()`), empty. */
  async resume(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (this.output += chunk));
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (child.exitCode !== null) break;
      if (await answers(this.port)) return;
      await sleep(50);
    }
    child.kill('SIGKILL');
    throw new Error(`redis-server did not start on port ${this.port}:\n${this.output.slice(-2000)}`);
  }

  /** Ends the server at once (every client's connection drops), as when it crashes. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
