import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import { databaseDialect } from '../dialect/index.js';
import { httpExceptionOf } from '../common/errors/http-error.mapping.js';
import { onPrimary } from '../common/primary-reads.query.js';
import { SavedViewOwner } from './saved-view-owner.entity.js';
import { SavedView } from './saved-view.entity.js';
import { SAVED_VIEWS_PER_TABLE } from './saved-view.constants.js';
import {
  SavedStateError,
  SavedViewNotFoundError,
  SavedViewNameTakenError,
  SavedViewNotOwnedError,
  SavedViewRequestError,
} from './saved-view.errors.js';
import { parseSavedViewState, type SavedState } from './saved-view-state.parser.js';
import type { SavedViewTable } from './saved-view-tables.registry.js';
import { sameViewName } from './saved-view-name.format.js';

/** A saved view as the API answers it. */
export interface SavedViewRecord {
  id: number;
  name: string;
  owner: string;
  /** Whether the requesting user owns it (and may change it). */
  mine: boolean;
  shared: boolean;
  isDefault: boolean;
  state: SavedState;
  created_at: Date;
  updated_at: Date;
}

/** What a write may set; `state` is validated against the table. */
export interface SavedViewChanges {
  name?: string;
  state?: unknown;
  shared?: boolean;
  isDefault?: boolean;
}

/** The user of a request on one table. */
export interface SavedViewUser {
  table: SavedViewTable;
  name: string;
}

/** The saved views of tables, each owned by one user, loaded by others once shared. */
@Injectable()
export class SavedViewsService {
  constructor(@InjectRepository(SavedView) private readonly views: Repository<SavedView>) {}

  /** Runs `read` on the primary, where a view saved a moment ago already is (a replica may not have it yet). */
  private onPrimary<R>(read: (views: Repository<SavedView>) => Promise<R>): Promise<R> {
    return onPrimary(this.views.manager.connection, (manager) => read(manager.getRepository(SavedView)));
  }

  /** The user's own views of the table, then those others share, each by name. */
  async list({ table, name }: SavedViewUser): Promise<SavedViewRecord[]> {
    const found = await this.onPrimary((views) =>
      views
        .createQueryBuilder('view')
        .where('view.table_id = :table AND view.kind = :kind', { table: table.id, kind: 'view' })
        .andWhere('(view.owner = :owner OR view.shared = :shared)', { owner: name, shared: true })
        .orderBy('view.name')
        .addOrderBy('view.id')
        .getMany(),
    );
    const records = found.map((view) => record(view, name));
    return [...records.filter((view) => view.mine), ...records.filter((view) => !view.mine)];
  }

  /** A view the user owns or that is shared; 404 otherwise (another user's private view included). */
  async load(user: SavedViewUser, id: number): Promise<SavedViewRecord> {
    const view = await this.onPrimary((views) => views.findOneBy({ id, table_id: user.table.id, kind: 'view' }));
    if (!view || (view.owner !== user.name && !view.shared)) throw httpExceptionOf(new SavedViewNotFoundError(id));
    return record(view, user.name);
  }

  async create(user: SavedViewUser, changes: SavedViewChanges): Promise<SavedViewRecord> {
    const { name } = changes;
    if (name === undefined) throw httpExceptionOf(new SavedViewRequestError({ code: 'saved-views.name-required' }));
    if (changes.state === undefined)
      throw httpExceptionOf(new SavedViewRequestError({ code: 'saved-views.state-required' }));
    const state = checkedState(changes.state, user.table);
    return this.inOwnerLock(user, async (manager) => {
      const views = manager.getRepository(SavedView);
      const owned = await views.countBy({ table_id: user.table.id, owner: user.name, kind: 'view' });
      if (owned >= SAVED_VIEWS_PER_TABLE) {
        throw httpExceptionOf(
          new SavedViewRequestError({ code: 'saved-views.too-many', params: { max: SAVED_VIEWS_PER_TABLE } }),
        );
      }
      await this.refuseTakenName(views, user, name);
      if (changes.isDefault) await this.clearDefault(views, user);
      const now = new Date();
      const view = await views.save(
        views.create({
          table_id: user.table.id,
          owner: user.name,
          kind: 'view',
          name,
          state: JSON.stringify(state),
          shared: changes.shared ?? false,
          is_default: changes.isDefault ?? false,
          created_at: now,
          updated_at: now,
        }),
      );
      return record(view, user.name);
    });
  }

  /**
   * Renames, shares or unshares, or overwrites the state of the user's own view; a shared one is
   * read-only. A rename holds the owner's lock, as a create does, so that the name stays the user's only one.
   */
  async update(user: SavedViewUser, id: number, changes: SavedViewChanges): Promise<SavedViewRecord> {
    const state = changes.state === undefined ? undefined : checkedState(changes.state, user.table);
    const write = async (manager: EntityManager) => {
      const views = manager.getRepository(SavedView);
      const view = await this.owned(views, user, id);
      if (changes.name !== undefined) await this.refuseTakenName(views, user, changes.name, id);
      if (changes.isDefault) await this.clearDefault(views, user);
      if (changes.name !== undefined) view.name = changes.name;
      if (state !== undefined) view.state = JSON.stringify(state);
      if (changes.shared !== undefined) view.shared = changes.shared;
      if (changes.isDefault !== undefined) view.is_default = changes.isDefault;
      view.updated_at = new Date();
      return record(await views.save(view), user.name);
    };
    return changes.name === undefined ? this.views.manager.transaction(write) : this.inOwnerLock(user, write);
  }

  /** Deletes the user's own views; all or none: a view they may not delete refuses the whole request. */
  async remove(user: SavedViewUser, ids: readonly number[]): Promise<void> {
    await this.views.manager.transaction(async (manager) => {
      const views = manager.getRepository(SavedView);
      for (const id of ids) await views.remove(await this.owned(views, user, id));
    });
  }

  /** The state the user's table was last left in (`stateSave`), or null. */
  async current(user: SavedViewUser): Promise<SavedState | null> {
    const view = await this.onPrimary((views) =>
      views.findOne({ where: { table_id: user.table.id, owner: user.name, kind: 'current' }, order: { id: 'DESC' } }),
    );
    return view ? (JSON.parse(view.state) as SavedState) : null;
  }

  /**
   * Keeps the state of the user's table. Two tabs saving at once may both insert; every save then
   * updates all of the user's `current` rows, so they hold the same state.
   */
  async saveCurrent(user: SavedViewUser, state: unknown): Promise<void> {
    const checked = JSON.stringify(checkedState(state, user.table));
    const where = { table_id: user.table.id, owner: user.name, kind: 'current' as const };
    const now = new Date();
    const { affected } = await this.views.update(where, { state: checked, updated_at: now });
    if (affected) return;
    await this.views.insert({
      ...where,
      name: '',
      state: checked,
      shared: false,
      is_default: false,
      created_at: now,
      updated_at: now,
    });
  }

  async clearCurrent(user: SavedViewUser): Promise<void> {
    await this.views.delete({ table_id: user.table.id, owner: user.name, kind: 'current' });
  }

  /**
   * Runs `work` in a transaction that first locks the user's row of the table (an UPDATE of it), so
   * that another create of the same user and table waits until this one commits, and then counts
   * what it committed: READ COMMITTED, where each statement sees what committed before it. On
   * SQLite the UPDATE takes the database's write lock, which serialises other processes; in the
   * process, better-sqlite3 runs the transaction's statements without letting another request in.
   */
  private async inOwnerLock<R>(user: SavedViewUser, work: (manager: EntityManager) => Promise<R>): Promise<R> {
    const key = { table_id: user.table.id, owner: user.name };
    const manager = this.views.manager;
    // Outside the transaction: two first creates would otherwise wait on each other's new row.
    await manager
      .createQueryBuilder()
      .insert()
      .into(SavedViewOwner)
      .values({ ...key, creates: 0 })
      .orIgnore()
      .execute();
    const isolation = (await databaseDialect(manager.connection)).readCommitted;
    const locked = async (transaction: EntityManager) => {
      await transaction.increment(SavedViewOwner, key, 'creates', 1);
      return work(transaction);
    };
    return isolation ? manager.transaction(isolation, locked) : manager.transaction(locked);
  }

  private async owned(views: Repository<SavedView>, user: SavedViewUser, id: number): Promise<SavedView> {
    const view = await views.findOneBy({ id, table_id: user.table.id, kind: 'view' });
    if (!view || (view.owner !== user.name && !view.shared)) throw httpExceptionOf(new SavedViewNotFoundError(id));
    if (view.owner !== user.name) {
      throw httpExceptionOf(new SavedViewNotOwnedError(id, view.owner));
    }
    return view;
  }

  /**
   * A 409 when another view of the user on the table has the name. Checked in the owner's lock
   * (every create and rename of the user and table takes it), so two writes cannot both pass.
   */
  private async refuseTakenName(
    views: Repository<SavedView>,
    user: SavedViewUser,
    name: string,
    except?: number,
  ): Promise<void> {
    const own = await views.find({
      select: { id: true, name: true },
      where: { table_id: user.table.id, owner: user.name, kind: 'view' },
    });
    if (own.some((view) => view.id !== except && sameViewName(view.name, name))) {
      throw httpExceptionOf(new SavedViewNameTakenError(name));
    }
  }

  private async clearDefault(views: Repository<SavedView>, user: SavedViewUser): Promise<void> {
    await views.update(
      { table_id: user.table.id, owner: user.name, kind: 'view', is_default: true },
      { is_default: false },
    );
  }
}

function checkedState(state: unknown, table: SavedViewTable): SavedState {
  try {
    return parseSavedViewState(state, table);
  } catch (error) {
    throw error instanceof SavedStateError ? httpExceptionOf(error) : error;
  }
}

function record(view: SavedView, user: string): SavedViewRecord {
  return {
    id: view.id,
    name: view.name,
    owner: view.owner,
    mine: view.owner === user,
    shared: view.shared,
    isDefault: view.is_default && view.owner === user,
    state: JSON.parse(view.state) as SavedState,
    created_at: view.created_at,
    updated_at: view.updated_at,
  };
}
