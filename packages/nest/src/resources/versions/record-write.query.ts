import type { EntityManager, ObjectLiteral } from 'typeorm';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import type { Representation } from '../datatable-resource.types.js';
import type { ResourceWrites } from '../resource-writes.query.js';
import type { ResourceVersions } from './resource-versions.query.js';

/** One write of a locked record (`key`) inside the transaction `manager` runs. */
export type RecordWrite = (manager: EntityManager, key: unknown) => Promise<void>;

export interface RecordWriteSource<T extends ObjectLiteral> {
  writes: ResourceWrites<T>;
  versions: ResourceVersions<T>;
  represent(record: T): Representation;
}

/**
 * A write of the record `id` within the scope, in one transaction, once the request's `If-Match`
 * holds (412 with the record as it is now otherwise): answers the record as it then is.
 */
export function writeRecordInScope<T extends ObjectLiteral>(
  { writes, versions, represent }: RecordWriteSource<T>,
  id: number,
  request: HttpRequest,
  write: RecordWrite,
): Promise<Representation> {
  return writes.inTransaction(async (manager) => {
    const condition = versions.condition(request);
    const key = await writes.lockInScope(manager, id, request);
    const current = async () => represent(await writes.loadInScope(manager, key, request, 'The changed'));
    await versions.require(manager, key, id, condition, current);
    await write(manager, key);
    return current();
  });
}
