import { ConflictException } from '@nestjs/common';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  InsertEvent,
  QueryRunner,
  RemoveEvent,
  UpdateEvent,
} from 'typeorm';
import { textColumnByteCapacity } from '../../dialect/index.js';
import { asHttpError } from '../../common/errors/http-error.mapping.js';
import { Help } from '../help.entity.js';
import { recordRevision } from '../revisions/index.js';
import { HelpWriteConflictException } from '../versions/index.js';
import { HelpCriteriaWriteError } from './help-criteria-write.errors.js';
import { HelpDuplicateException } from './help-duplicate.exception.js';
import { fieldsOf, storableFields, type HelpFields } from './help-fields.checks.js';
import { helpWriter, restoringHelp } from './help-write-context.registry.js';

/** What TypeORM hands a subscriber for an entry: the entity being saved, or an insert's values. */
type HelpValues = Partial<Help> & Partial<Record<keyof HelpFields, unknown>>;

const FIELDS = ['id_view', 'question_name', 'language', 'help_title', 'help_text'] as const;

/**
 * The one place every write of a help entry goes through, whoever makes it (`HelpService`, a
 * `DataTableResource` over `Help`, a host's repository or entity manager): before an insert or an
 * update it applies the help limits and the sanitiser (`storableFields`, 400 naming the field);
 * an update or removal first moves the entry from the version it was read at to the next in one
 * conditional statement, so that a write made in between is never overwritten (409,
 * `HelpWriteConflictException`); each write records its revision (with `HelpWriteContext`'s user)
 * in the write's transaction, a deletion before the entry is gone, so that it can be restored.
 * Writes by criteria are refused (`HelpCriteriaWriteError`): TypeORM does not say what they change.
 * SQL of your own passes by it.
 */
export class HelpWriteSubscriber implements EntitySubscriberInterface<Help> {
  /** Adds one to `dataSource` unless it has one (listed in its `subscribers`, or added before). */
  static registerOn(dataSource: DataSource): void {
    if (dataSource.subscribers.some((subscriber) => subscriber instanceof HelpWriteSubscriber)) return;
    dataSource.subscribers.push(new HelpWriteSubscriber());
  }

  /** The entry as it was before each update under way, by the object being saved. */
  private readonly before = new WeakMap<object, Help>();

  listenTo(): typeof Help {
    return Help;
  }

  beforeInsert(event: InsertEvent<Help>): Promise<void> {
    return inTurn(event.queryRunner, async () => {
      const values = event.entity as HelpValues;
      const fields = storable(values, event.connection);
      Object.assign(values, fields, { language_key: fields.language ?? '' });
      // A restore brings a deleted entry back at the version after its last; any other entry starts at 1.
      if (!restoringHelp()) values.version = 1;
      // An upsert would otherwise overwrite an entry with neither a version check nor a revision.
      const taken = await takenBy(event.manager, values.id, fields);
      if (taken) throw taken;
    });
  }

  afterInsert(event: InsertEvent<Help>): Promise<void> {
    return inTurn(event.queryRunner, async () => {
      const id = (event.entity as HelpValues).id ?? (event.entityId as Partial<Help> | undefined)?.id;
      const stored = await event.manager.findOneByOrFail(Help, { id: id! });
      const action = restoringHelp() ? 'restore' : 'create';
      await recordRevision(event.manager, stored.id, action, await helpWriter(), null, stored);
    });
  }

  beforeUpdate(event: UpdateEvent<Help>): Promise<void> {
    return inTurn(event.queryRunner, async () => {
      const values = event.entity as HelpValues | undefined;
      const stored = event.databaseEntity as Help | undefined;
      if (!values || !stored) throw new HelpCriteriaWriteError('update');
      const fields = storable({ ...fieldsOf(stored), ...definedFields(values) }, event.connection);
      const expected = Number(values.version ?? stored.version);
      Object.assign(values, fields);
      if (expected === stored.version && FIELDS.every((field) => fields[field] === stored[field])) {
        // Nothing changes once sanitised: with the stored values TypeORM writes nothing.
        values.language_key = stored.language_key;
        return;
      }
      this.before.set(values, await claim(event.manager, stored.id, expected, stored));
      Object.assign(values, { version: expected + 1, language_key: fields.language ?? '' });
    });
  }

  afterUpdate(event: UpdateEvent<Help>): Promise<void> {
    return inTurn(event.queryRunner, async () => {
      const values = event.entity as HelpValues | undefined;
      const before = values && this.before.get(values);
      if (!values || !before) return;
      this.before.delete(values);
      const after = await event.manager.findOneByOrFail(Help, { id: before.id });
      const action = restoringHelp() ? 'restore' : 'update';
      await recordRevision(event.manager, before.id, action, await helpWriter(), before, after);
    });
  }

  beforeRemove(event: RemoveEvent<Help>): Promise<void> {
    return inTurn(event.queryRunner, async () => {
      const values = event.entity as HelpValues | undefined;
      const stored = event.databaseEntity as Help | undefined;
      if (!values && !stored) throw new HelpCriteriaWriteError('delete');
      const id = values?.id ?? stored?.id ?? (event.entityId as Partial<Help> | undefined)?.id;
      const version = values?.version ?? stored?.version;
      if (version === undefined) throw new HelpWriteConflictException(id!, null, null);
      const before = await claim(event.manager, id!, Number(version), stored);
      await recordRevision(event.manager, id!, 'delete', await helpWriter(), before, null);
    });
  }
}

/**
 * Moves entry `id` from version `expected` to the next in one statement, which holds the entry for
 * the rest of the transaction where the database locks rows, and answers the entry as it was then:
 * `loaded` (what TypeORM read before the write) when it is that version, which every write through
 * TypeORM moves on; 409 when the entry is at another version or gone (nothing changed).
 */
async function claim(manager: EntityManager, id: number, expected: number, loaded: Help | undefined): Promise<Help> {
  const { affected } = await manager
    .createQueryBuilder()
    .update(Help)
    .set({ version: expected + 1 })
    .where({ id, version: expected })
    .callListeners(false)
    .updateEntity(false)
    .execute();
  if (affected && loaded?.version === expected) return loaded;
  const current = await manager.findOneBy(Help, { id });
  if (!affected || !current) throw new HelpWriteConflictException(id, expected, current?.version ?? null);
  return Object.assign(current, { version: expected });
}

/** The 409 of an insert whose id, or view, field and language, another entry has; `null` when free. */
async function takenBy(manager: EntityManager, id: unknown, fields: HelpFields): Promise<ConflictException | null> {
  const query = manager
    .createQueryBuilder(Help, 'help')
    .select('help.id')
    .where('help.id_view = :id_view AND help.question_name = :question_name AND help.language_key = :language_key', {
      id_view: fields.id_view,
      question_name: fields.question_name,
      language_key: fields.language ?? '',
    });
  if (id !== undefined && id !== null) query.orWhere('help.id = :id', { id });
  const taken = await query.getOne();
  if (!taken) return null;
  return taken.id === id
    ? new ConflictException(`Help entry ${taken.id} already exists`)
    : new HelpDuplicateException(fields);
}

/** `storableFields` for the database of `dataSource`; what it refuses is a 400 naming the field. */
function storable(fields: Readonly<Record<string, unknown>>, dataSource: DataSource): HelpFields {
  try {
    return storableFields(fields, textColumnByteCapacity(dataSource.options.type));
  } catch (error) {
    throw asHttpError(error);
  }
}

function definedFields(values: HelpValues): Partial<Record<keyof HelpFields, unknown>> {
  return Object.fromEntries(
    FIELDS.filter((field) => values[field] !== undefined).map((field) => [field, values[field]]),
  );
}

/**
 * TypeORM runs the handlers of the entities of one save together; the work of each here runs after
 * the one before it on the same connection (a PostgreSQL client runs one statement at a time).
 */
const turns = new WeakMap<QueryRunner, Promise<unknown>>();

function inTurn(queryRunner: QueryRunner, work: () => Promise<void>): Promise<void> {
  const previous = turns.get(queryRunner) ?? Promise.resolve();
  const next = previous.then(work, work);
  turns.set(
    queryRunner,
    next.catch(() => undefined),
  );
  return next;
}
