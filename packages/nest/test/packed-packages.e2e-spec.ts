import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pack, run } from '@widgetlib/test-support/packing.js';

const fixture = resolve(dirname(fileURLToPath(import.meta.url)), 'fixtures/packed-host');

/** How `npm test` runs pnpm (`WIDGETLIB_PNPM`, set by scripts/run.mjs), or the one on the PATH. */
function pnpm(): [string, string[]] {
  const [command = 'pnpm', ...args] = (process.env.WIDGETLIB_PNPM ?? 'pnpm').split(' ');
  return [command, args];
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
      expect(paths).toEqual(
        expect.arrayContaining([
          'dist/rules/url-safety.js',
          'dist/rules/url-safety.d.ts',
          'dist/rules/help-html.policy.js',
        ]),
      );
    }
    expect(nest.files.map((file) => file.path)).toContain('dist/cli/widgetlib.bin.js');
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
    // The package's bin is installed for `npx widgetlib`.
    const usage = await run(join(host, 'node_modules/.bin/widgetlib'), ['help:export', '-d', 'no-such-file.js'], {
      cwd: host,
    }).catch((error: Error) => error.message);
    expect(usage).toContain('The data source file');
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
      {
        id: 1,
        id_view: 'notes:list',
        question_name: 'text',
        language: null,
        help_title: 'Text',
        help_text: '<b>Hi</b>',
        version: 1,
      },
    ]);

    // The same installed packages from a CommonJS file: require() finds the `require` export
    // condition and loads the ES module graph, which has no top-level await.
    const required = await run(process.execPath, ['require-check.cjs'], { cwd: host });
    expect(JSON.parse(required.stdout)).toEqual({
      forRoot: 'function',
      dataTable: 'function',
      sanitized: '<b>Hi</b>',
      params: { draw: 2, offset: 10, limit: 10, search: 'bread', ordering: 'text' },
    });
  }, 300_000);
});
