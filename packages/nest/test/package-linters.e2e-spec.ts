// The packed tarballs through the package linters: publint (package.json against the files) and
// Are The Types Wrong (type declarations under each TypeScript module resolution, CommonJS and ESM).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { pack, packagesDir, run } from '@widgetlib/test-support/packing.js';

const attwBin = join(packagesDir, '../node_modules/.bin/attw');

interface AttwReport {
  problems: Record<string, Array<{ kind: string; entrypoint?: string; resolutionKind?: string }>>;
}

/** attw's problems as `<entrypoint> <resolution>: <kind>` lines (none when the types are right). */
async function attw(tarball: string, entrypoints: string[] = []): Promise<string[]> {
  const options = entrypoints.length > 0 ? ['--entrypoints', ...entrypoints] : [];
  // attw exits 1 when it finds problems; its JSON report is what the test reads.
  const { stdout } = await run('sh', ['-c', `"${attwBin}" "${tarball}" --format json ${options.join(' ')} || true`], {
    cwd: packagesDir,
  });
  const report = JSON.parse(stdout) as AttwReport;
  return Object.values(report.problems)
    .flat()
    .map((problem) => `${problem.entrypoint ?? '.'} ${problem.resolutionKind ?? ''}: ${problem.kind}`);
}

describe('the packed packages through publint and Are The Types Wrong', () => {
  let work: string;
  const tarballs: Record<'nest' | 'client', string> = { nest: '', client: '' };

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'widgetlib-lint-'));
    for (const name of ['nest', 'client'] as const) tarballs[name] = join(work, (await pack(name, work)).filename);
  }, 120_000);

  afterAll(() => rm(work, { recursive: true, force: true }));

  it.each(['nest', 'client'] as const)(
    'publint finds nothing to report in @widgetlib/%s, suggestions included',
    async (name) => {
      const tarball = await readFile(tarballs[name]);
      const { messages, pkg } = await publint({
        pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
        level: 'suggestion',
        strict: true,
      });
      expect(messages.map((message) => formatMessage(message, pkg) ?? message.code)).toEqual([]);
    },
  );

  it('@widgetlib/nest has right types under node10, node16 (from CommonJS and from ESM) and bundler', async () => {
    expect(await attw(tarballs.nest)).toEqual([]);
  });

  it('@widgetlib/client has right types for its module entry under every resolution', async () => {
    expect(await attw(tarballs.client, ['.'])).toEqual([]);
  });

  it('the client <script> bundles are typed (window.widgetlib) for ES-module imports and bundlers', async () => {
    // Browser scripts: a page's <script> tag or a bundler's import loads them, never Node's require()
    // nor a node10 resolver (which knows no subpath exports): attw's "esm-only" profile.
    const problems = await attw(tarballs.client, ['widgetlib.min.js', 'widgetlib.full.min.js']);
    expect(problems.filter((problem) => !/ (node10|node16-cjs): /.test(problem))).toEqual([]);
  });
});
