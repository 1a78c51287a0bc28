import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const demoMain = resolve(dirname(fileURLToPath(import.meta.url)), '../../examples/demo/dist/main.js');

/** The built demo app in a process of its own, as it is deployed. */
export class DemoInstance {
  private readonly output: string[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        this.output.push(chunk.toString());
        if (this.output.length > 2_000) this.output.shift();
      });
    }
  }

  /** Starts the demo on `databaseUrl` (seeded with its albums when empty); resolves when it answers. */
  static async start(
    databaseUrl: string,
    port: number,
    sessionSecret: string,
    env: Record<string, string> = {},
  ): Promise<DemoInstance> {
    const child = spawn(process.execPath, [demoMain], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        SESSION_SECRET: sessionSecret,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const instance = new DemoInstance(child, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the demo exited with ${child.exitCode}:\n${instance.log()}`);
      const answered = await fetch(`${instance.baseUrl}/sign-in`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (answered) return instance;
      if (Date.now() > deadline) throw new Error(`the demo did not answer within 60 s:\n${instance.log()}`);
      await sleep(200);
    }
  }

  /** Whether the process ended (a crash is a failure of the suite). */
  get exited(): boolean {
    return this.child.exitCode !== null;
  }

  log(): string {
    return this.output.join('');
  }

  /** The errors Nest logged (an answer of 500), each with the first lines of its stack. */
  errors(): string {
    const lines = this.log().split('\n');
    return lines
      .flatMap((line, index) => (line.includes('ERROR') ? lines.slice(index, index + 6) : []))
      .join('\n')
      .slice(0, 4_000);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}
