import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { onPrimary } from '../../common/primary-reads.query.js';
import { HelpRevision } from './help-revision.entity.js';
import { revisionView, type HelpRevisionView } from './help-revision.query.js';
import { Help } from '../help.entity.js';

/** Reads the history of help entries (`HelpService` records it and restores from it). */
@Injectable()
export class HelpHistoryService {
  constructor(
    @InjectRepository(Help) private readonly helps: Repository<Help>,
    @InjectRepository(HelpRevision) private readonly revisions: Repository<HelpRevision>,
  ) {}

  /** The revisions of entry `id`, newest first; 404 when the entry neither exists nor has any. */
  async revisionsOf(id: number): Promise<HelpRevisionView[]> {
    // On the primary, as the writes: the revision a write just recorded is listed.
    return onPrimary(this.helps.manager.connection, async (manager) => {
      const revisions = await manager.find(HelpRevision, { where: { help_id: id }, order: { id: 'DESC' } });
      if (revisions.length === 0 && !(await manager.existsBy(Help, { id }))) {
        throw new NotFoundException(`Help entry ${id} does not exist`);
      }
      return revisions.map(revisionView);
    });
  }

  /** The deletion of each entry that is gone (of view `idView` when given), newest first: what can be restored. */
  async deleted(idView?: string): Promise<HelpRevisionView[]> {
    const deletions = await onPrimary(this.helps.manager.connection, (manager) =>
      manager
        .getRepository(HelpRevision)
        .createQueryBuilder('revision')
        .where(idView === undefined ? { action: 'delete' } : { action: 'delete', before_id_view: idView })
        .andWhere(
          `NOT EXISTS ${this.revisions
            .createQueryBuilder()
            .subQuery()
            .select('1')
            .from(Help, 'help')
            .where('help.id = revision.help_id')
            .getQuery()}`,
        )
        .orderBy('revision.id', 'DESC')
        .getMany(),
    );
    const seen = new Set<number>();
    return deletions.filter((revision) => !seen.has(revision.help_id) && seen.add(revision.help_id)).map(revisionView);
  }
}
