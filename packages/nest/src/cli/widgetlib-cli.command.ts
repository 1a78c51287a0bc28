import { HttpException } from '@nestjs/common';
import { readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { Help, HelpRevision, HelpService } from '../help/index.js';
import { DEFAULT_HELP_IMPORT_MAX_ENTRIES } from '../help/transfer/index.js';
import { loadDataSource } from './data-source.reader.js';

export const WIDGETLIB_CLI_USAGE = `Usage:
  widgetlib help:export [-d data-source] [-o help.json]
  widgetlib help:import <help.json | -> [-d data-source] [--dry-run] [--prune] [--user name] [--max-entries n]

  -d, --dataSource  a module exporting the app's TypeORM DataSource (as TypeORM's CLI takes it)
  -o, --output      write the export to this file instead of standard output
  --dry-run         report what the import would do, change nothing
  --prune           delete the entries the file does not have
  --user            who imports, as the revisions record it (default: cli:<login>)
  --max-entries     the most entries the file may have (default ${DEFAULT_HELP_IMPORT_MAX_ENTRIES})`;

export interface CliStreams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  stdin: AsyncIterable<Buffer | string>;
  cwd: string;
}

async function readAll(stream: AsyncIterable<Buffer | string>): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

function messageOf(error: unknown): string {
  if (error instanceof HttpException) {
    const { message } = error.getResponse() as { message?: string | string[] };
    return Array.isArray(message) ? message.join('\n') : (message ?? error.message);
  }
  return error instanceof Error ? error.message : String(error);
}

/** Runs `widgetlib <command>`; answers the exit code (0 done, 1 failed, 2 misused). */
export async function runWidgetlibCli(argv: string[], io: CliStreams): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        dataSource: { type: 'string', short: 'd' },
        output: { type: 'string', short: 'o' },
        'dry-run': { type: 'boolean' },
        prune: { type: 'boolean' },
        user: { type: 'string' },
        'max-entries': { type: 'string' },
      },
    });
  } catch (error) {
    io.stderr.write(`${messageOf(error)}\n${WIDGETLIB_CLI_USAGE}\n`);
    return 2;
  }
  const maxEntries = Number(parsed.values['max-entries'] ?? DEFAULT_HELP_IMPORT_MAX_ENTRIES);
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) {
    io.stderr.write(`--max-entries must be a positive integer\n${WIDGETLIB_CLI_USAGE}\n`);
    return 2;
  }
  const [command, file, ...extra] = parsed.positionals;
  const isExport = command === 'help:export' && file === undefined;
  const isImport = command === 'help:import' && file !== undefined && extra.length === 0;
  if (!isExport && !isImport) {
    io.stderr.write(`${WIDGETLIB_CLI_USAGE}\n`);
    return 2;
  }
  try {
    const dataSource = await loadDataSource(parsed.values.dataSource, io.cwd);
    const wasInitialized = dataSource.isInitialized;
    if (!wasInitialized) await dataSource.initialize();
    try {
      if (!dataSource.hasMetadata(Help) || !dataSource.hasMetadata(HelpRevision)) {
        throw new Error("The data source's entities lack widgetlib's: add WIDGETLIB_ENTITIES to them");
      }
      const helps = new HelpService(dataSource.getRepository(Help), dataSource.getRepository(HelpRevision));
      if (isExport) {
        const json = `${JSON.stringify(await helps.export(), null, 2)}\n`;
        if (parsed.values.output) await writeFile(parsed.values.output, json);
        else io.stdout.write(json);
        return 0;
      }
      const text = file === '-' ? await readAll(io.stdin) : await readFile(file!, 'utf8');
      let content: unknown;
      try {
        content = JSON.parse(text);
      } catch (error) {
        throw new Error(`${file} is not JSON: ${(error as Error).message}`, { cause: error });
      }
      const report = await helps.import(content, {
        dryRun: parsed.values['dry-run'] ?? false,
        prune: parsed.values.prune ?? false,
        user: parsed.values.user ?? `cli:${userInfo().username}`,
        maxEntries,
      });
      const counts = `created ${report.created}, updated ${report.updated}, unchanged ${report.unchanged}, pruned ${report.pruned}`;
      io.stdout.write(`${counts}${report.dryRun ? ' (dry run: nothing was changed)' : ''}\n`);
      return 0;
    } finally {
      if (!wasInitialized) await dataSource.destroy();
    }
  } catch (error) {
    io.stderr.write(`widgetlib ${command}: ${messageOf(error)}\n`);
    return 1;
  }
}
