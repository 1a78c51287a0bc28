import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const demoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(demoRoot, '../..');

/** The newest modification time of the files under `folder` (0 when it does not exist). */
function newestChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds the demo (`dist/`) when a source changed since the last build: the test runs what `npm run demo` runs. */
function buildDemoWhenStale(): void {
  let built = 0;
  try {
    built = statSync(join(demoRoot, 'dist/main.js')).mtimeMs;
  } catch {
    // Never built.
  }
  if (built > newestChange(join(demoRoot, 'src'))) return;
  const result = spawnSync('pnpm', ['--filter', '@widgetlib/demo', 'run', 'build'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the demo did not build:\n${result.stdout}${result.stderr}`);
}

// What a user sees when pressing Ctrl+C in the terminal that runs `npm run demo`: the terminal signals
// the whole foreground process group (npm, its shell, scripts/run.mjs, the server).
describe('Ctrl+C on `npm run demo`', () => {
  let directory: string;

  beforeAll(() => {
    buildDemoWhenStale();
    directory = mkdtempSync(join(tmpdir(), 'widgetlib-demo-stop-'));
  }, 120_000);

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('closes the server and ends with status 0, without npm or pnpm reporting a failure', async () => {
    const child = spawn('npm', ['run', 'demo', '--', '--no-build'], {
      cwd: root,
      // A process group of its own, as a terminal's foreground job is.
      detached: true,
      env: { ...process.env, PORT: '0', DATABASE_URL: `sqlite:${join(directory, 'demo.sqlite')}`, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    const listening = new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const url = /widgetlib demo on (http:\/\/\S+?)\/ /.exec(output)?.[1];
        if (url) resolve(url);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then(() => reject(new Error(`the demo ended before it listened:\n${output}`)));
    });
    const url = await listening;
    expect((await fetch(`${url}/sign-in`)).status).toBe(200);

    process.kill(-child.pid!, 'SIGINT');

    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output).not.toMatch(/ELIFECYCLE|ERR_PNPM|npm error|Command failed/);
    await expect(fetch(`${url}/sign-in`)).rejects.toThrow();
  }, 90_000);
});
