import type { EntityManager } from 'typeorm';
import { textColumnByteCapacity } from '../../dialect/index.js';
import { WidgetLibError } from '../../common/errors/index.js';
import { yieldToEventLoop } from '../../common/event-loop.scheduler.js';
import { Help } from '../help.entity.js';
import { HelpWriteConflictException } from '../versions/index.js';
import { fieldsOf, runHelpWrite, storableFields, writingFields, type HelpFields } from '../writes/index.js';
import {
  compareExportEntries,
  HELP_EXPORT_FORMAT,
  HELP_EXPORT_SCHEMA_VERSION,
  helpEntryKey,
  parseHelpExport,
  type HelpExport,
  type HelpExportEntry,
} from './help-export.format.js';
import { DEFAULT_HELP_IMPORT_MAX_ENTRIES, HELP_IMPORT_CHUNK_SIZE } from './help-import.constants.js';

export interface HelpImportOptions {
  /** Report what the import would do, and change nothing. */
  dryRun?: boolean;
  /** Delete the entries the file does not have. */
  prune?: boolean;
  /** Who imports, as the revisions record it (absent: the request's user, else unknown). */
  user?: string | null;
  /** Most entries the file may have (default 2000): more is a 400 naming the limit. */
  maxEntries?: number;
}

/** What an import did (or, with `dryRun`, would do). */
export interface HelpImportReport {
  created: number;
  updated: number;
  unchanged: number;
  pruned: number;
  dryRun: boolean;
}

/** Every entry, in the export format. */
export async function exportHelp(manager: EntityManager): Promise<HelpExport> {
  const entries = (await manager.find(Help)).map(fieldsOf).sort(compareExportEntries);
  return {
    format: HELP_EXPORT_FORMAT,
    schemaVersion: HELP_EXPORT_SCHEMA_VERSION,
    exportedAt: new Date().toISOString(),
    entries,
  };
}

/** A write an import makes: a new entry, or new fields for one read at its version. */
type ImportWrite = { fields: HelpFields; current: Help | null };

/** What an import will write, in the file's order, and which entries it leaves or prunes. */
interface ImportPlan {
  writes: ImportWrite[];
  unchanged: number;
  prunes: Help[];
}

/**
 * Upserts the file's entries by (`id_view`, `question_name`, `language`), each saved as every write
 * (checked, sanitised and recorded by `HelpWriteSubscriber`); the first entry that fails stops it
 * with nothing written (a `WidgetLibError`: `invalid` naming it, `conflict` if an entry changed
 * meanwhile). `prune` deletes the entries the file lacks. The checks run before any write, letting
 * other requests in between chunks of entries; a dry run ends there. The writes run in one
 * transaction, all or nothing, each entry's update or delete at the version its check read.
 */
export async function importHelp(
  root: EntityManager,
  file: unknown,
  options: HelpImportOptions = {},
): Promise<HelpImportReport> {
  const parsed = parseHelpExport(file, options.maxEntries ?? DEFAULT_HELP_IMPORT_MAX_ENTRIES);
  if ('problems' in parsed) throw new WidgetLibError('invalid', parsed.problems);
  const plan = await planImport(root, parsed.entries, !!options.prune);
  const report: HelpImportReport = {
    created: plan.writes.filter((write) => !write.current).length,
    updated: plan.writes.filter((write) => write.current).length,
    unchanged: plan.unchanged,
    pruned: plan.prunes.length,
    dryRun: !!options.dryRun,
  };
  if (!options.dryRun) await writeImport(root, plan, options.user);
  return report;
}

async function planImport(root: EntityManager, entries: HelpExportEntry[], prune: boolean): Promise<ImportPlan> {
  const textByteCapacity = textColumnByteCapacity(root.connection.options.type);
  const existing = new Map((await root.find(Help)).map((help) => [helpEntryKey(help), help]));
  const plan: ImportPlan = { writes: [], unchanged: 0, prunes: [] };
  for (const [index, entry] of entries.entries()) {
    // Sanitising is synchronous work: other requests are answered between chunks of it.
    if (index > 0 && index % HELP_IMPORT_CHUNK_SIZE === 0) await yieldToEventLoop();
    const fields = naming(`entries[${index}]`, () => storableFields({ ...entry }, textByteCapacity));
    const current = existing.get(helpEntryKey(fields)) ?? null;
    existing.delete(helpEntryKey(fields));
    if (current && current.help_title === fields.help_title && current.help_text === fields.help_text) {
      plan.unchanged += 1;
    } else {
      plan.writes.push({ fields, current });
    }
  }
  if (prune) plan.prunes = [...existing.values()];
  return plan;
}

/**
 * The plan's writes, in one transaction. On SQLite every request shares the one connection, so
 * other requests wait for it (at most `maxEntries` entries); elsewhere they run alongside.
 */
async function writeImport(root: EntityManager, plan: ImportPlan, user: string | null | undefined): Promise<void> {
  await runHelpWrite({ user }, () =>
    root.transaction(async (manager) => {
      for (const { fields, current } of plan.writes) {
        if (current) {
          const { help_title, help_text } = fields;
          await unchangedSince(current, () => manager.save(Help, { ...current, help_title, help_text }));
        } else {
          await writingFields(fields, () => manager.save(manager.create(Help, fields)));
        }
      }
      for (const help of plan.prunes) await unchangedSince(help, () => manager.remove(help));
    }),
  );
}

/** Runs a write of an entry the import read; a change made to it since is a conflict that undoes the import. */
async function unchangedSince<R>(help: Help, write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof HelpWriteConflictException) {
      throw new WidgetLibError('conflict', `Help entry ${help.id} changed during the import; nothing was imported`);
    }
    throw error;
  }
}

/** Runs a check of one entry; what it refuses names the entry. */
function naming<R>(at: string, check: () => R): R {
  try {
    return check();
  } catch (error) {
    if (error instanceof WidgetLibError && error.failure === 'invalid') {
      throw new WidgetLibError('invalid', `${at}: ${error.message}`);
    }
    throw error;
  }
}
