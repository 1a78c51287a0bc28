import type { EntityManager, FindOptionsWhere, ObjectLiteral, Repository } from 'typeorm';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import type { LanguageTexts } from '../../common/messages/index.js';
import { parseIfMatch, versionMeets, type VersionCondition } from '../../common/versions/index.js';
import { ResourceChangedError, ResourceIfMatchError, ResourceUnversionedError } from './resource-version.errors.js';

/**
 * The versions of a resource's records, when its entity has a TypeORM `@VersionColumn`: a write
 * with `If-Match` goes ahead only while the record is at a version the header names.
 */
export class ResourceVersions<T extends ObjectLiteral> {
  /** `label` names the entity in messages (default: its class name). */
  constructor(
    private readonly repository: Repository<T>,
    private readonly label?: LanguageTexts,
  ) {}

  /** The property of the entity's `@VersionColumn`, if it has one. */
  get property(): string | undefined {
    return this.repository.metadata.versionColumn?.propertyName;
  }

  /**
   * The request's `If-Match` condition (`undefined` without the header). A malformed header, or one
   * naming versions of an entity that keeps none, is refused (`If-Match: *` only asks that the record exists).
   */
  condition(request: HttpRequest): VersionCondition | undefined {
    const condition = parseIfMatch(request.headers['if-match']);
    if (typeof condition === 'string') throw new ResourceIfMatchError();
    if (condition?.kind === 'versions' && !this.property)
      throw new ResourceUnversionedError(this.label ?? this.repository.metadata.name);
    return condition;
  }

  /**
   * Inside the write's transaction, once the record `key` is locked: refuses the write (412, with
   * `current()`, the record as the list shows it) when the record is not at a version `condition` names.
   */
  async require(
    manager: EntityManager,
    key: unknown,
    id: number,
    condition: VersionCondition | undefined,
    current: () => Promise<Record<string, unknown>>,
  ): Promise<void> {
    const { property } = this;
    if (!property || !condition || condition.kind === 'any') return;
    const { metadata } = this.repository;
    const primary = metadata.primaryColumns[0]!.propertyName;
    const record = await manager
      .getRepository<T>(metadata.target)
      .findOneByOrFail({ [primary]: key } as FindOptionsWhere<T>);
    const version = Number(record[property]);
    if (!versionMeets(condition, version)) {
      throw new ResourceChangedError(this.label ?? metadata.name, id, version, await current());
    }
  }
}
