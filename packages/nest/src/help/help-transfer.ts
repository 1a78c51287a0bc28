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
import { recordRevision } from './help-revision.record.js';
import { Help } from './help.entity.js';

export interface HelpImportOptions {
  /** Report what the import would do, and change nothing. */
  dryRun?: boolean;
  /** Delete the entries the file does not have. */
  prune?: boolean;
  /** Who imports, as the revisions record it. */
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
 * sanitised and checked as every write, with its revision; the first entry that fails undoes all
 * (400 naming it, 409 if an entry changed meanwhile). `prune` deletes the entries the file lacks.
 */
export async function importHelp(
  root: EntityManager,
  file: unknown,
  options: HelpImportOptions = {},
): Promise<HelpImportReport> {
  const parsed = parseHelpExport(file);
  if ('problems' in parsed) throw new BadRequestException(parsed.problems);
  const user = options.user ?? null;
  const databaseType = root.connection.options.type;
  try {
    return await root.transaction(async (manager) => {
      const report: HelpImportReport = { created: 0, updated: 0, unchanged: 0, pruned: 0, dryRun: !!options.dryRun };
      const existing = new Map((await manager.find(Help)).map((help) => [helpEntryKey(help), help]));
      for (const [index, entry] of parsed.entries.entries()) {
        const fields = naming(`entries[${index}]`, () => storableFields(entry, databaseType));
        const current = existing.get(helpEntryKey(fields));
        existing.delete(helpEntryKey(fields));
        if (current && current.help_title === fields.help_title && current.help_text === fields.help_text) {
          report.unchanged += 1;
        } else if (current) {
          const { affected } = await manager.update(
            Help,
            { id: current.id, version: current.version },
            { help_title: fields.help_title, help_text: fields.help_text },
          );
          if (!affected)
            throw new ConflictException(`Help entry ${current.id} changed during the import; nothing was imported`);
          await recordRevision(
            manager,
            current.id,
            'update',
            user,
            current,
            await manager.findOneByOrFail(Help, { id: current.id }),
          );
          report.updated += 1;
        } else {
          const { id } = await writingFields(fields, () => manager.save(manager.create(Help, fields)));
          await recordRevision(manager, id, 'create', user, null, await manager.findOneByOrFail(Help, { id }));
          report.created += 1;
        }
      }
      for (const help of options.prune ? existing.values() : []) {
        const { affected } = await manager.delete(Help, { id: help.id, version: help.version });
        if (!affected)
          throw new ConflictException(`Help entry ${help.id} changed during the import; nothing was imported`);
        await recordRevision(manager, help.id, 'delete', user, help, null);
        report.pruned += 1;
      }
      if (options.dryRun) throw new DryRunDone(report);
      return report;
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.report;
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
