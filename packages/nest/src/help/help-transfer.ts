import { BadRequestException, ConflictException, HttpException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  compareExportEntries,
  HELP_EXPORT_FORMAT,
  HELP_EXPORT_SCHEMA_VERSION,
  helpEntryKey,
  parseHelpExport,
  type HelpExport,
} from './help-export.format.js';
import { fieldsOf, storableFields, writingFields } from './help-fields.js';
import { HelpWriteConflictException } from './help-write-conflict.exception.js';
import { runHelpWrite } from './help-write.context.js';
import { Help } from './help.entity.js';

export interface HelpImportOptions {
  /** Report what the import would do, and change nothing. */
  dryRun?: boolean;
  /** Delete the entries the file does not have. */
  prune?: boolean;
  /** Who imports, as the revisions record it (absent: the request's user, else unknown). */
  user?: string | null;
}

/** What an import did (or, with `dryRun`, would do). */
export interface HelpImportReport {
  created: number;
  updated: number;
  unchanged: number;
  pruned: number;
  dryRun: boolean;
}

/** Carries a dry run's report out of the transaction it rolls back. */
class DryRunDone extends Error {
  constructor(readonly report: HelpImportReport) {
    super('dry run');
  }
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

/**
 * Upserts the file's entries by (`id_view`, `question_name`, `language`) in one transaction, each
 * saved as every write (checked, sanitised and recorded by `HelpWriteSubscriber`); the first entry
 * that fails undoes all (400 naming it, 409 if an entry changed meanwhile). `prune` deletes the
 * entries the file lacks.
 */
export async function importHelp(
  root: EntityManager,
  file: unknown,
  options: HelpImportOptions = {},
): Promise<HelpImportReport> {
  const parsed = parseHelpExport(file);
  if ('problems' in parsed) throw new BadRequestException(parsed.problems);
  const databaseType = root.connection.options.type;
  try {
    return await runHelpWrite({ user: options.user }, () =>
      root.transaction(async (manager) => {
        const report: HelpImportReport = { created: 0, updated: 0, unchanged: 0, pruned: 0, dryRun: !!options.dryRun };
        const existing = new Map((await manager.find(Help)).map((help) => [helpEntryKey(help), help]));
        for (const [index, entry] of parsed.entries.entries()) {
          // Checked here too, to name the entry in a 400 and to compare with the stored one.
          const fields = naming(`entries[${index}]`, () => storableFields({ ...entry }, databaseType));
          const current = existing.get(helpEntryKey(fields));
          existing.delete(helpEntryKey(fields));
          if (current && current.help_title === fields.help_title && current.help_text === fields.help_text) {
            report.unchanged += 1;
          } else if (current) {
            const { help_title, help_text } = fields;
            await unchangedSince(current, () => manager.save(Help, { ...current, help_title, help_text }));
            report.updated += 1;
          } else {
            await writingFields(fields, () => manager.save(manager.create(Help, fields)));
            report.created += 1;
          }
        }
        for (const help of options.prune ? existing.values() : []) {
          await unchangedSince(help, () => manager.remove(help));
          report.pruned += 1;
        }
        if (options.dryRun) throw new DryRunDone(report);
        return report;
      }),
    );
  } catch (error) {
    if (error instanceof DryRunDone) return error.report;
    throw error;
  }
}

/** Runs a write of an entry the import read; a change made to it since is a 409 that undoes the import. */
async function unchangedSince<R>(help: Help, write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof HelpWriteConflictException) {
      throw new ConflictException(`Help entry ${help.id} changed during the import; nothing was imported`);
    }
    throw error;
  }
}

/** Runs a check of one entry; its 400 names the entry. */
function naming<R>(at: string, check: () => R): R {
  try {
    return check();
  } catch (error) {
    if (error instanceof HttpException && error.getStatus() === 400) {
      throw new BadRequestException(`${at}: ${error.message}`);
    }
    throw error;
  }
}
