import { HttpException, type Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { EntityManager, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { WidgetLibError } from '../../common/errors/index.js';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import { onPrimary } from '../../common/primary-reads.query.js';
import {
  ResourceDuplicateError,
  ResourceOutOfScopeError,
  ResourceRecordNotFoundError,
  ResourceValueTooLongError,
} from '../datatable-resource.errors.js';
import type { Representation } from '../datatable-resource.types.js';
import type { ResourceWrites } from '../resource-writes.query.js';
import { scopedRecordsQuery } from '../scoped-record.query.js';
import { ResourceChangedError, type ResourceVersions } from '../versions/index.js';
import type { EditorAnswer } from './editor-answer.types.js';
import { editorFieldErrors, type EditorFieldError } from './editor-field-errors.writer.js';
import { typedFormValues } from './editor-form-values.reader.js';
import type { ResourceEditorTexts } from './editor.options.js';
import { userMessageText } from '../../common/messages/index.js';
import type { EditorRequest, EditorRowValues } from './editor-request.parser.js';
import { sentVersion } from './editor-row-version.reader.js';

/** What a submission needs from its resource. */
export interface EditorSubmissionSource<T extends ObjectLiteral> {
  writes: ResourceWrites<T>;
  versions: ResourceVersions<T>;
  repository: Repository<T>;
  createDto?: Type;
  updateDto?: Type;
  baseQuery(request: HttpRequest, repository: Repository<T>): SelectQueryBuilder<T>;
  represent(record: T): Representation;
}

/**
 * A row validated against its DTO: the instance to write, or its field errors; for an edit that
 * sent its version field, the version the row was read at.
 */
type CheckedRow = { key: string; id?: number; version?: number; body: object; errors: EditorFieldError[] };

/**
 * Runs one Editor submission on a resource: every row validated first (nothing is written while
 * any field is wrong), then every write in one transaction, so that a row that fails (outside the
 * scope, a duplicate) undoes the rows before it.
 */
export class EditorSubmission<T extends ObjectLiteral> {
  constructor(
    private readonly source: EditorSubmissionSource<T>,
    private readonly request: HttpRequest,
    /** The answer's texts, and the language of its field messages. */
    private readonly words: { texts: ResourceEditorTexts; language: string },
    /** The rows' values are texts of a form (typed by the DTO before validation), not JSON. */
    private readonly formEncoded: boolean,
  ) {}

  async run(submission: EditorRequest): Promise<EditorAnswer> {
    try {
      switch (submission.action) {
        case 'read':
          return { data: await this.read(submission.ids) };
        case 'remove':
          await this.source.writes.inTransaction(async (manager) => {
            const keys = await this.lockAll(manager, submission.ids);
            await this.source.writes.remove(manager, keys, this.request);
          });
          return { data: [] };
        case 'create':
        case 'edit':
          return await this.write(submission);
      }
    } catch (error) {
      const message = this.userMessage(error);
      if (message === null) throw error;
      return { data: [], error: message };
    }
  }

  private async write(submission: Extract<EditorRequest, { action: 'create' | 'edit' }>): Promise<EditorAnswer> {
    const edit = submission.action === 'edit';
    const dto = (edit ? this.source.updateDto : this.source.createDto)!;
    const rows = await Promise.all(submission.rows.map((row) => this.check(dto, row, edit)));
    const fieldErrors = rows.flatMap((row) => row.errors);
    if (fieldErrors.length > 0) return { data: [], fieldErrors };
    const data = await this.source.writes.inTransaction(async (manager) => {
      const keys: unknown[] = [];
      for (const row of rows) {
        if (row.id === undefined) {
          keys.push(await this.source.writes.create(manager, row.body, this.request));
        } else {
          const key = await this.source.writes.lockInScope(manager, row.id, this.request);
          if (row.version !== undefined) await this.requireVersion(manager, key, row.id, row.version);
          await this.source.writes.update(manager, key, row.body, this.request);
          keys.push(key);
        }
      }
      const subject = edit ? 'The changed' : 'The new';
      const records = [];
      for (const key of keys) records.push(await this.source.writes.loadInScope(manager, key, this.request, subject));
      return records.map((record) => this.source.represent(record));
    });
    return { data };
  }

  /**
   * A row's fields as the DTO reads them; an edit is judged only on the fields it sent (Editor sends
   * the changed ones), its version field (when the entity keeps versions) apart.
   */
  private async check(dto: Type, row: EditorRowValues & { id?: number }, edit: boolean): Promise<CheckedRow> {
    const sent = edit ? sentVersion(row.values, this.source.versions.property) : { values: row.values };
    const fields = await this.validated(dto, row.key, sent.values, edit);
    if (!sent.invalid) return { ...fields, id: row.id, version: sent.version };
    const field = this.source.versions.property!;
    const status = userMessageText({ code: 'editor.version-invalid', params: { field } }, this.words.language);
    return { ...fields, id: row.id, errors: [...fields.errors, { name: field, status, id: row.key }] };
  }

  private async validated(
    dto: Type,
    key: string,
    sentValues: Record<string, unknown>,
    edit: boolean,
  ): Promise<Pick<CheckedRow, 'key' | 'body' | 'errors'>> {
    const values = this.formEncoded ? typedFormValues(dto, sentValues) : sentValues;
    const body = plainToInstance(dto, values) as Record<string, unknown>;
    // A field declared but not sent (an edit's unchanged ones) is not written as undefined.
    for (const name of Object.keys(body)) if (body[name] === undefined && !(name in values)) delete body[name];
    const errors = await validate(body, { whitelist: true, forbidNonWhitelisted: true });
    const sent = edit ? new Set(Object.keys(values)) : undefined;
    return { key, body, errors: editorFieldErrors(errors, key, sent, this.words.language) };
  }

  /**
   * Inside the transaction, once the row is locked: refuses an edit of a row that is no longer at the
   * version its form read (someone else changed it); nothing of the submission is written.
   */
  private async requireVersion(manager: EntityManager, key: unknown, id: number, version: number): Promise<void> {
    const { writes, versions, represent } = this.source;
    const current = async () => represent(await writes.loadInScope(manager, key, this.request, 'The changed'));
    await versions.require(manager, key, id, { kind: 'versions', versions: [version] }, current);
  }

  /** The rows of `ids` within the scope, as the list shows them, in the order asked; a row not found is left out. */
  private async read(ids: number[]): Promise<Representation[]> {
    // On the primary, as the writes: a row just changed is read as it now is.
    const records = await onPrimary(this.source.repository.manager.connection, (manager) =>
      scopedRecordsQuery(
        this.source.baseQuery(this.request, manager.getRepository(this.source.repository.target as Type<T>)),
        ids,
      ).getMany(),
    );
    const key = this.source.writes.primaryKey;
    const byId = new Map(records.map((record) => [Number((record as Record<string, unknown>)[key]), record]));
    return ids.flatMap((id) => {
      const record = byId.get(id);
      return record ? [this.source.represent(record)] : [];
    });
  }

  private async lockAll(manager: EntityManager, ids: number[]): Promise<unknown[]> {
    const keys = [];
    for (const id of ids) keys.push(await this.source.writes.lockInScope(manager, id, this.request));
    return keys;
  }

  /** What Editor shows in its form for a failure the user can act on; null for any other. */
  private userMessage(error: unknown): string | null {
    const { texts, language } = this.words;
    if (error instanceof ResourceRecordNotFoundError) return texts.rowNotFound.replaceAll('{id}', String(error.id));
    if (error instanceof ResourceOutOfScopeError) return texts.outsideScope;
    if (error instanceof ResourceDuplicateError) return texts.duplicate;
    if (error instanceof ResourceValueTooLongError) return texts.tooLong;
    if (error instanceof ResourceChangedError) return texts.rowChanged.replaceAll('{id}', String(error.id));
    if (error instanceof WidgetLibError) return null;
    // A host's `assign` refusing a value (a 400 or 404 of its own) speaks to the user too.
    if (error instanceof HttpException && error.getStatus() < 500) {
      const cause = error.cause;
      if (cause instanceof WidgetLibError && cause.userMessage) return userMessageText(cause.userMessage, language);
      const answer = error.getResponse();
      const message = typeof answer === 'string' ? answer : (answer as { message?: unknown }).message;
      return Array.isArray(message) ? message.join('; ') : String(message ?? error.message);
    }
    return null;
  }
}
