import { ConflictException, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, type FindOptionsWhere, type Repository } from 'typeorm';
import { asHttpError } from '../../common/errors/http-error.mapping.js';
import { onPrimary } from '../../common/primary-reads.query.js';
import { DataTableCounts } from '../../datatables/internal.js';
import { Help } from '../help.entity.js';
import { chooseByLanguage, languageChain } from '../language/index.js';
import { HelpRevision, revisionView } from '../revisions/index.js';
import {
  exportHelp,
  importHelp,
  type HelpExport,
  type HelpImportOptions,
  type HelpImportReport,
} from '../transfer/index.js';
import {
  HelpChangedException,
  HelpWriteConflictException,
  versionMeets,
  type HelpVersionCondition,
} from '../versions/index.js';
import {
  fieldsOf,
  forgetHelpCounts,
  runHelpWrite,
  writingFields,
  HelpWriteSubscriber,
  type HelpFields,
} from '../writes/index.js';

/** The fields of a help entry, as a host or the API provides them. */
export interface HelpInput {
  id_view: string;
  question_name: string;
  help_title: string;
  help_text?: string;
  /** A BCP 47 tag; `null` (the default on create): for every language. */
  language?: string | null;
}

export interface HelpFilter {
  id_view?: string;
  question_name?: string;
  /**
   * The reader's languages, best first: of the entries of each field only the one in the first of
   * them, or of their shorter tags (`es-CR`, then `es`), else the one for every language. `[]`:
   * only entries for every language. Absent: every entry.
   */
  languages?: readonly string[];
}

/** How a write is made. */
export interface HelpWriteOptions {
  /**
   * Who writes, as the entry's revision records it (`null`: unknown; absent: the user of the request
   * the write is made in, else unknown).
   */
  user?: string | null;
  /**
   * Write only if the entry is at a version this condition names (an `If-Match` header), else
   * `HelpChangedException` (412) with the entry as it is. Without it the write applies to whatever
   * version is current.
   */
  ifMatch?: HelpVersionCondition;
}

/** How often a change without a condition is tried again when another write got in between. */
const MAX_ATTEMPTS = 10;

/**
 * Creates, finds, updates, deletes and restores help entries. Its writes, as every other write of
 * an entry, go through the `HelpWriteSubscriber` it registers on its data source, which checks and
 * sanitises the fields, moves the version and records the revision; here the API's semantics:
 * `If-Match`, retries, what a missing field means.
 */
@Injectable()
export class HelpService {
  constructor(
    @InjectRepository(Help) private readonly helps: Repository<Help>,
    @InjectRepository(HelpRevision) private readonly revisions: Repository<HelpRevision>,
    @Optional() private readonly counts?: DataTableCounts,
  ) {
    HelpWriteSubscriber.registerOn(helps.manager.connection);
  }

  /** Entries matching every given filter exactly, ordered by `question_name`, then `id`. */
  async list(filter: HelpFilter = {}): Promise<Help[]> {
    const where: FindOptionsWhere<Help> = {};
    if (filter.id_view !== undefined) where.id_view = filter.id_view;
    if (filter.question_name !== undefined) where.question_name = filter.question_name;
    const find = () =>
      this.onPrimary((manager) => manager.find(Help, { where, order: { question_name: 'ASC', id: 'ASC' } }));
    if (filter.languages === undefined) return find();
    const chain = languageChain(filter.languages);
    where.language_key = In(chain.map((language) => language ?? ''));
    return chooseByLanguage(await find(), chain);
  }

  findOne(id: number): Promise<Help | null> {
    return this.onPrimary((manager) => manager.findOneBy(Help, { id }));
  }

  /**
   * Runs `read` on the primary: an author sees an entry as just written, and a write compares
   * versions with the latest (a replica of the host's data source may lag behind).
   */
  private onPrimary<R>(read: (manager: EntityManager) => Promise<R>): Promise<R> {
    return onPrimary(this.helps.manager.connection, read);
  }

  /** The entry with this id; `NotFoundException` when there is none. */
  async get(id: number): Promise<Help> {
    const help = await this.findOne(id);
    if (!help) throw new NotFoundException(`Help entry ${id} does not exist`);
    return help;
  }

  async create(input: HelpInput, options: Pick<HelpWriteOptions, 'user'> = {}): Promise<Help> {
    const fields = fieldsOf({ ...input, help_text: input.help_text ?? '', language: input.language ?? null });
    return this.written(
      runHelpWrite({ user: options.user }, () =>
        writingFields(fields, () =>
          this.helps.manager.transaction(async (manager) => {
            const { id } = await manager.save(manager.create(Help, fields));
            return manager.findOneByOrFail(Help, { id });
          }),
        ),
      ),
    );
  }

  /** Replaces every field of an entry; a missing `help_text` becomes empty, a missing `language` stays. */
  replace(id: number, input: HelpInput, options: HelpWriteOptions = {}): Promise<Help> {
    return this.change(
      id,
      (current) =>
        fieldsOf({
          ...input,
          help_text: input.help_text ?? '',
          language: input.language === undefined ? current.language : input.language,
        }),
      options,
    );
  }

  /** Changes only the given fields of an entry. */
  update(id: number, changes: Partial<HelpInput>, options: HelpWriteOptions = {}): Promise<Help> {
    return this.change(id, (current) => ({ ...fieldsOf(current), ...definedOnly(changes) }), options);
  }

  async remove(id: number, options: HelpWriteOptions = {}): Promise<void> {
    await this.compareAndSet(id, options, false, async (manager, current) => {
      await manager.remove(current);
      return true;
    });
  }

  /**
   * Gives entry `id` the fields of its revision `revisionId` (for a deletion, the fields it
   * deleted); an entry that is gone comes back with its id, one version above its last.
   */
  async restore(id: number, revisionId: number, options: HelpWriteOptions = {}): Promise<Help> {
    const revision = await this.onPrimary((manager) =>
      manager.withRepository(this.revisions).findOneBy({ id: revisionId, help_id: id }),
    );
    if (!revision) throw new NotFoundException(`Help entry ${id} has no revision ${revisionId}`);
    const view = revisionView(revision);
    const { version: _version, ...fields } = (view.after ?? view.before)!;
    if (await this.findOne(id)) return this.change(id, () => fields, options, true);
    return this.written(
      runHelpWrite({ user: options.user, restoring: true }, () =>
        writingFields(fields, () =>
          this.helps.manager.transaction(async (manager) => {
            const { last } = (await manager
              .createQueryBuilder(HelpRevision, 'revision')
              .select('MAX(COALESCE(revision.after_version, revision.before_version))', 'last')
              .where({ help_id: id })
              .getRawOne<{ last: number | string | null }>())!;
            const values = { ...fields, id, version: Number(last ?? 0) + 1, language_key: fields.language ?? '' };
            await manager.createQueryBuilder().insert().into(Help, Object.keys(values)).values(values).execute();
            return manager.findOneByOrFail(Help, { id });
          }),
        ),
      ),
    );
  }

  /**
   * Saves the fields `fieldsOf` makes from the current entry over the version it read: a write in
   * between makes the subscriber refuse it instead of being lost.
   */
  private change(
    id: number,
    fieldsOf: (current: Help) => HelpFields,
    options: HelpWriteOptions,
    restoring = false,
  ): Promise<Help> {
    return this.compareAndSet(id, options, restoring, async (manager, current) => {
      const fields = fieldsOf(current);
      await writingFields(fields, () => manager.save(Help, { ...current, ...fields }));
      return manager.findOneByOrFail(Help, { id });
    });
  }

  /**
   * Reads the entry, checks the condition, and runs `write` in a transaction. When the entry changed
   * since it was read (`HelpWriteConflictException`), without a condition that read and write are
   * tried again; with one, the new read answers 412 (or 404 once the entry is gone).
   */
  private async compareAndSet<R>(
    id: number,
    { ifMatch, user }: HelpWriteOptions,
    restoring: boolean,
    write: (manager: EntityManager, current: Help) => Promise<R>,
  ): Promise<R> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const current = await this.get(id);
      if (!versionMeets(ifMatch, current.version)) throw new HelpChangedException(current);
      try {
        // Read outside the transaction: in MySQL's REPEATABLE READ a read inside it after a failed
        // compare would still see the snapshot, not the write that got in between.
        return await this.written(
          runHelpWrite({ user, restoring }, () => this.helps.manager.transaction((manager) => write(manager, current))),
        );
      } catch (error) {
        if (!(error instanceof HelpWriteConflictException)) throw error;
      }
    }
    throw new ConflictException(`Help entry ${id} kept changing while it was written; try again`);
  }

  /** What `write` answers, once the cached list counts of the help tables it changed are forgotten. */
  private async written<R>(write: Promise<R>): Promise<R> {
    const result = await write;
    await forgetHelpCounts(this.counts, this.helps.manager.connection);
    return result;
  }

  /** Every entry in the export format (`help:export`), ready to be imported elsewhere. */
  export(): Promise<HelpExport> {
    return this.onPrimary(exportHelp);
  }

  /**
   * Upserts the entries of an export by (`id_view`, `question_name`, `language`), all or nothing in
   * one transaction; see `HelpImportOptions` and `HelpImportReport`.
   */
  async import(file: unknown, options: HelpImportOptions = {}): Promise<HelpImportReport> {
    try {
      return await this.written(this.onPrimary((manager) => importHelp(manager, file, options)));
    } catch (error) {
      throw asHttpError(error);
    }
  }
}

/** The changes without the properties that are present but `undefined` (absent from a PATCH body). */
function definedOnly(changes: Partial<HelpInput>): Partial<HelpInput> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}
