// The `widgetlib` command as a host runs it (the built bin, in its own process), against the
// host's data source module: help:export, and help:import with --dry-run and --prune.
import { execFile } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { Help, HelpRevision, WIDGETLIB_ENTITIES, WIDGETLIB_MIGRATIONS, type HelpExport } from '../src/index.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '@widgetlib/test-support/test-databases.js';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(packageDir, 'dist/cli/widgetlib.bin.js');
const DATA_SOURCE = 'test/fixtures/cli-data-source.mjs';
const SEED = [
  { id_view: 'albums:edit', question_name: 'name', language: null, help_title: 'Name', help_text: '<p>Name</p>' },
  {
    id_view: 'albums:edit',
    question_name: 'name',
    language: 'es',
    help_title: 'Nombre',
    help_text: '<ul><li>x</li></ul>',
  },
  { id_view: 'artists:edit', question_name: 'born', language: 'en-GB', help_title: 'Born', help_text: '' },
];

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], connection: DataSourceOptions): Promise<CliResult> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [bin, ...args],
      {
        cwd: packageDir,
        env: { ...process.env, NODE_OPTIONS: '', WIDGETLIB_CLI_DATA_SOURCE: JSON.stringify(connection) },
      },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describeEachDatabase('the widgetlib command', (kind) => {
  const work = join(tmpdir(), `widgetlib-cli-${process.pid}-${kind}`);
  const databases: TestDatabase[] = [];
  const sources: DataSource[] = [];
  let source: DataSourceOptions;
  let target: DataSourceOptions;
  let targetSource: DataSource;

  async function migrated(name: string): Promise<[DataSourceOptions, DataSource]> {
    const database = await createTestDatabase(kind);
    databases.push(database);
    // Each process opens the database anew: SQLite's is a file here, not memory.
    const options: DataSourceOptions =
      kind === 'sqlite' ? { type: 'better-sqlite3', database: `${work}-${name}.sqlite` } : database.options;
    const dataSource = new DataSource({ ...options, entities: WIDGETLIB_ENTITIES, migrations: WIDGETLIB_MIGRATIONS });
    await dataSource.initialize();
    await dataSource.runMigrations();
    sources.push(dataSource);
    return [options, dataSource];
  }

  const contents = async (dataSource: DataSource) => ({
    helps: await dataSource.getRepository(Help).find({ order: { id: 'ASC' } }),
    revisions: await dataSource.getRepository(HelpRevision).count(),
  });

  beforeAll(async () => {
    if (!existsSync(bin)) throw new Error('packages/nest/dist is missing: build the packages first (npm test does)');
    const [sourceOptions, sourceSource] = await migrated('source');
    [target, targetSource] = await migrated('target');
    source = sourceOptions;
    const repository = sourceSource.getRepository(Help);
    await repository.save(SEED.map((entry) => repository.create(entry)));
  }, 60_000);

  afterAll(async () => {
    for (const dataSource of sources) await dataSource.destroy();
    for (const database of databases) await database.drop();
    for (const name of ['source', 'target']) rmSync(`${work}-${name}.sqlite`, { force: true });
    rmSync(`${work}.json`, { force: true });
  });

  it('moves every entry from one database to another and back to the same export', async () => {
    const exported = await cli(['help:export', '-d', DATA_SOURCE], source);
    expect(exported).toMatchObject({ code: 0, stderr: '' });
    const file = JSON.parse(exported.stdout) as HelpExport;
    expect(file.entries).toEqual([SEED[0], SEED[1], SEED[2]]);
    writeFileSync(`${work}.json`, exported.stdout);

    const imported = await cli(['help:import', `${work}.json`, '--dataSource', DATA_SOURCE], target);
    expect(imported).toEqual({ code: 0, stdout: 'created 3, updated 0, unchanged 0, pruned 0\n', stderr: '' });
    const again = await cli(['help:export', '-d', DATA_SOURCE], target);
    expect((JSON.parse(again.stdout) as HelpExport).entries).toEqual(file.entries);
    const revisions = await targetSource.getRepository(HelpRevision).find();
    expect(new Set(revisions.map((revision) => revision.user_name))).toEqual(new Set([expect.stringMatching(/^cli:/)]));
  }, 60_000);

  it('changes nothing with --dry-run, and reports what it would do', async () => {
    const before = await contents(targetSource);
    writeFileSync(
      `${work}.json`,
      JSON.stringify({ format: 'widgetlib-help', schemaVersion: 1, entries: [{ ...SEED[0], help_title: 'Changed' }] }),
    );
    const result = await cli(['help:import', `${work}.json`, '-d', DATA_SOURCE, '--dry-run', '--prune'], target);
    expect(result).toEqual({
      code: 0,
      stdout: 'created 0, updated 1, unchanged 0, pruned 2 (dry run: nothing was changed)\n',
      stderr: '',
    });
    expect(await contents(targetSource)).toEqual(before);
  }, 30_000);

  it('rolls the whole import back when one entry fails, and exits 1 naming it', async () => {
    const before = await contents(targetSource);
    writeFileSync(
      `${work}.json`,
      JSON.stringify({
        format: 'widgetlib-help',
        schemaVersion: 1,
        entries: [
          { ...SEED[0], help_title: 'Changed' },
          { ...SEED[0], question_name: 'new' },
          { ...SEED[0], question_name: 'deep', help_text: `${'<b>'.repeat(101)}x` },
        ],
      }),
    );
    const result = await cli(['help:import', `${work}.json`, '-d', DATA_SOURCE, '--prune'], target);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'widgetlib help:import: entries[2]: help_text must not nest elements more than 100 deep (it nests 101)\n',
    });
    expect(await contents(targetSource)).toEqual(before);
  }, 30_000);

  it('sanitises hostile HTML in the file', async () => {
    writeFileSync(
      `${work}.json`,
      JSON.stringify({
        format: 'widgetlib-help',
        schemaVersion: 1,
        entries: [{ ...SEED[0], help_text: '<img src=x onerror=alert(1)><script>alert(2)</script><b>ok</b>' }],
      }),
    );
    const result = await cli(['help:import', `${work}.json`, '-d', DATA_SOURCE], target);
    expect(result.stdout).toBe('created 0, updated 1, unchanged 0, pruned 0\n');
    const stored = await targetSource.getRepository(Help).findOneByOrFail({ question_name: 'name', language_key: '' });
    expect(stored.help_text).toBe('<img src="x" /><b>ok</b>');
  }, 30_000);

  it('refuses a file of more entries than --max-entries (default 2000), exit 1 naming it, nothing changed', async () => {
    const before = await contents(targetSource);
    const write = (count: number) =>
      writeFileSync(
        `${work}.json`,
        JSON.stringify({
          format: 'widgetlib-help',
          schemaVersion: 1,
          entries: Array.from({ length: count }, (_, index) => ({ ...SEED[0], question_name: `many-${index}` })),
        }),
      );
    const refusal = (count: number, max: number) =>
      `widgetlib help:import: entries: the file has ${count} entries, more than the ${max} an import takes ` +
      "(the module's helpImport.maxEntries, the command's --max-entries)\n";
    write(2001);
    expect(await cli(['help:import', `${work}.json`, '-d', DATA_SOURCE], target)).toEqual({
      code: 1,
      stdout: '',
      stderr: refusal(2001, 2000),
    });
    write(3);
    expect(await cli(['help:import', `${work}.json`, '-d', DATA_SOURCE, '--max-entries', '2'], target)).toEqual({
      code: 1,
      stdout: '',
      stderr: refusal(3, 2),
    });
    expect(
      await cli(['help:import', `${work}.json`, '-d', DATA_SOURCE, '--max-entries', '3', '--dry-run'], target),
    ).toEqual({
      code: 0,
      stdout: 'created 3, updated 0, unchanged 0, pruned 0 (dry run: nothing was changed)\n',
      stderr: '',
    });
    const misused = await cli(['help:import', `${work}.json`, '-d', DATA_SOURCE, '--max-entries', '0'], target);
    expect(misused.code).toBe(2);
    expect(misused.stderr).toMatch(/^--max-entries must be a positive integer\n/);
    expect(await contents(targetSource)).toEqual(before);
  }, 120_000);

  it('explains its usage (exit 2) and a data source it cannot use (exit 1)', async () => {
    const usage = await cli(['help:import'], target);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('widgetlib help:import <help.json | -> [-d data-source] [--dry-run] [--prune]');
    const missing = await cli(['help:export', '-d', 'no/such/data-source.js'], target);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /^widgetlib help:export: The data source file .*no\/such\/data-source\.js does not exist\n$/,
    );
  }, 30_000);
});
