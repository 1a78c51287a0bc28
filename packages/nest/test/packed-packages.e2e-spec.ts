import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Runs a command; a failure carries what the command printed, so the test says why. */
async function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ stdout: string }> {
  try {
    return await execFileAsync(command, args, { ...options, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}
const here = dirname(fileURLToPath(import.meta.url));
const packagesDir = resolve(here, '../..');
const fixture = resolve(here, 'fixtures/packed-host');

/** How `npm test` runs pnpm (`WIDGETLIB_PNPM`, set by scripts/run.mjs), or the one on the PATH. */
function pnpm(): [string, string[]] {
  const [command = 'pnpm', ...args] = (process.env.WIDGETLIB_PNPM ?? 'pnpm').split(' ');
  return [command, args];
}

interface PackResult {
  filename: string;
  files: Array<{ path: string }>;
}

async function pack(name: 'nest' | 'client', destination: string): Promise<PackResult> {
  const directory = join(packagesDir, name);
  if (!existsSync(join(directory, 'dist/index.js'))) {
    throw new Error(`packages/${name}/dist is missing: build the packages first (npm test does)`);
  }
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination], { cwd: directory });
  return (JSON.parse(stdout) as PackResult[])[0]!;
}

describe('the packed packages in a fresh host app outside the workspace', () => {
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'widgetlib-packed-'));
  });

  afterAll(() => rm(work, { recursive: true, force: true }));

  it('install from their tarballs, compile with TypeScript and answer a help and a table request', async () => {
    const nest = await pack('nest', work);
    const client = await pack('client', work);
    for (const packed of [nest, client]) {
      const paths = packed.files.map((file) => file.path);
      expect(paths).toEqual(expect.arrayContaining(['package.json', 'dist/index.js', 'dist/index.d.ts']));
      expect(paths.filter((path) => path.startsWith('src/') || /\.spec\.|\.tsbuildinfo/.test(path))).toEqual([]);
      // The shared rules (packages/rules, never published) travel inside each tarball, reached through package.json "imports".
      expect(paths).toEqual(expect.arrayContaining(['dist/rules/url-safety.js', 'dist/rules/url-safety.d.ts', 'dist/rules/help-html.policy.js']));
    }
    expect(client.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['dist/widgetlib.min.js', 'dist/widgetlib.css']),
    );

    const host = join(work, 'host');
    await cp(fixture, host, { recursive: true });
    const manifest = JSON.parse(await readFile(join(host, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    manifest.dependencies['@widgetlib/nest'] = `file:../${nest.filename}`;
    manifest.dependencies['@widgetlib/client'] = `file:../${client.filename}`;
    await writeFile(join(host, 'package.json'), JSON.stringify(manifest, null, 2));
    await writeFile(join(host, 'pnpm-workspace.yaml'), 'allowBuilds:\n  better-sqlite3: true\n  esbuild: true\n');

    const env = { ...process.env, npm_config_nodedir: process.env.npm_config_nodedir ?? '/usr' };
    const [pnpmCommand, pnpmArgs] = pnpm();
    await run(pnpmCommand, [...pnpmArgs, 'install', '--prefer-offline', '--reporter=silent'], { cwd: host, env });
    await run(join(host, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: host });
    const { stdout } = await run(process.execPath, ['dist/main.js'], { cwd: host });
    const answer = JSON.parse(stdout.trim().split('\n').at(-1)!);

    expect(answer.params).toEqual({ draw: 3, offset: 0, limit: 10, search: 'ÉCLAIR', ordering: '-id' });
    expect(answer.table).toEqual({
      data: [
        { id: 2, text: 'éclairs again' },
        { id: 1, text: 'Éclair recipe' },
      ],
      recordsTotal: 3,
      recordsFiltered: 2,
      draw: 3,
    });
    expect(answer.help).toEqual([
      { id: 1, id_view: 'notes:list', question_name: 'text', help_title: 'Text', help_text: '<b>Hi</b>' },
    ]);
  }, 300_000);
});
