import type { DataSource } from 'typeorm';
import type { DataTableCounts } from '../../datatables/internal.js';
import { Help } from '../help.entity.js';
import { HelpRevision } from '../revisions/index.js';

/**
 * Forgets the cached list counts of the help tables (the entries and their revisions) after a
 * write, so that a data table listing them shows the write at once; nothing without `counts` (the
 * command line, whose process holds none of the app's counts).
 */
export async function forgetHelpCounts(counts: DataTableCounts | undefined, dataSource: DataSource): Promise<void> {
  if (!counts) return;
  await Promise.all([Help, HelpRevision].map((entity) => counts.invalidate(dataSource.getMetadata(entity))));
}
