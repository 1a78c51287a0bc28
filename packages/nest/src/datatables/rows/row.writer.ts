import { instanceToPlain } from 'class-transformer';
import type { EntityMetadata } from 'typeorm';
import type { GTDateField, GTDateTimeField } from '../../dates/index.js';
import { fieldSpecOf } from '../sql/index.js';
import { hasNoTransformMetadata } from './transform-metadata.reader.js';

export interface RowDateFields {
  date: GTDateField;
  dateTime: GTDateTimeField;
}

/** The date fields rows are written with, in the module's formats (`DateFormatsService`). */
export function rowDateFields(formats: { dateField(): GTDateField; dateTimeField(): GTDateTimeField }): RowDateFields {
  return { date: formats.dateField(), dateTime: formats.dateTimeField() };
}

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface DateColumn {
  propertyName: string;
  kind: 'date' | 'datetime';
}

/** What a row of one entity is written with: its own date columns, its relations' entities, by property. */
interface RowPlan {
  columns: DateColumn[];
  dates: ReadonlyMap<string, DateColumn['kind']>;
  relations: ReadonlyMap<string, EntityMetadata>;
}

const plans = new WeakMap<EntityMetadata, RowPlan>();

/** The entity's own date and date-time columns and its relations, read from its metadata once. */
function rowPlan(metadata: EntityMetadata): RowPlan {
  let plan = plans.get(metadata);
  if (!plan) {
    const columns: DateColumn[] = [];
    for (const column of metadata.columns) {
      if (column.relationMetadata || column.embeddedMetadata) continue;
      const { kind } = fieldSpecOf(column);
      if (kind === 'date' || kind === 'datetime') columns.push({ propertyName: column.propertyName, kind });
    }
    plan = {
      columns,
      dates: new Map(columns.map(({ propertyName, kind }) => [propertyName, kind])),
      relations: new Map(metadata.relations.map((relation) => [relation.propertyName, relation.inverseEntityMetadata])),
    };
    plans.set(metadata, plan);
  }
  return plan;
}

function representation(value: unknown, kind: DateColumn['kind'], dates: RowDateFields): string | null {
  const given = value as Date | string | null | undefined;
  return kind === 'date' ? dates.date.toRepresentation(given) : dates.dateTime.toRepresentation(given);
}

/** Replaces dates by their ISO 8601 representation, through the loaded relations too. */
function representDates(
  plain: Plain,
  entity: Record<string, unknown>,
  metadata: EntityMetadata,
  dates: RowDateFields,
): void {
  for (const { propertyName, kind } of rowPlan(metadata).columns) {
    if (!(propertyName in plain)) continue;
    plain[propertyName] = representation(entity[propertyName], kind, dates);
  }
  for (const relation of metadata.relations) {
    const plainValue = plain[relation.propertyName];
    const value = entity[relation.propertyName];
    const target = relation.inverseEntityMetadata;
    if (Array.isArray(plainValue) && Array.isArray(value)) {
      plainValue.forEach((item, index) => {
        if (isPlain(item) && isPlain(value[index])) representDates(item, value[index], target, dates);
      });
    } else if (isPlain(plainValue) && isPlain(value)) {
      representDates(plainValue, value, target, dates);
    }
  }
}

/** Met by {@link plainCopy} where class-transformer could answer something else than a copy. */
const NEEDS_CLASS_TRANSFORMER = Symbol('needs class-transformer');

/**
 * Whether class-transformer would answer a copy of the own enumerable properties of `value`, an object
 * that is neither an array nor a Date: a plain object, or one of a class without its decorators.
 */
function isCopiedByKeys(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as { constructor?: unknown } | null;
  if (prototype === Object.prototype || prototype === null) return true;
  const constructor = prototype.constructor;
  return (
    typeof constructor === 'function' &&
    hasNoTransformMetadata(constructor as never) &&
    !(value instanceof Map || value instanceof Set || value instanceof Promise || ArrayBuffer.isView(value))
  );
}

/**
 * What `instanceToPlain` answers for a value whose objects are plain or of classes without
 * class-transformer decorators (loaded entities, most often): a copy of their own enumerable
 * properties, recursively, Dates copied; {@link NEEDS_CLASS_TRANSFORMER} for anything else (a
 * decorated class, a function, a Buffer, Map, Set or promise), so that class-transformer answers.
 */
function plainCopy(value: unknown): unknown {
  if (typeof value === 'function') return NEEDS_CLASS_TRANSFORMER;
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date) return new Date(value.valueOf());
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      const copy = plainCopy(item);
      if (copy === NEEDS_CLASS_TRANSFORMER) return copy;
      items.push(copy);
    }
    return items;
  }
  if (!isCopiedByKeys(value)) return NEEDS_CLASS_TRANSFORMER;
  const copy: Plain = {};
  for (const key of Object.keys(value)) {
    if (key === '__proto__' || key === 'constructor') continue;
    const item = plainCopy((value as Plain)[key]);
    if (item === NEEDS_CLASS_TRANSFORMER) return item;
    copy[key] = item;
  }
  return copy;
}

/**
 * {@link plainCopy} of an entity with {@link representDates} applied, in one walk (a list writes
 * every row so): the copy of each property, a date column's representation, a relation's entities
 * written by their own metadata; {@link NEEDS_CLASS_TRANSFORMER} where `plainCopy` answers it.
 */
function representedCopy(
  entity: Plain,
  metadata: EntityMetadata,
  dates: RowDateFields,
): Plain | typeof NEEDS_CLASS_TRANSFORMER {
  if (!isCopiedByKeys(entity)) return NEEDS_CLASS_TRANSFORMER;
  const plan = rowPlan(metadata);
  const copy: Plain = {};
  for (const key of Object.keys(entity)) {
    if (key === '__proto__' || key === 'constructor') continue;
    const value = entity[key];
    const kind = plan.dates.get(key);
    const target = kind ? undefined : plan.relations.get(key);
    let item: unknown;
    if (kind) {
      // Only its representation is written; plainCopy is asked only whether it would answer at all.
      const stored = value === null || value === undefined || typeof value === 'string' || value instanceof Date;
      if (!stored && plainCopy(value) === NEEDS_CLASS_TRANSFORMER) return NEEDS_CLASS_TRANSFORMER;
      item = representation(value, kind, dates);
    } else if (target && Array.isArray(value)) {
      const items: unknown[] = [];
      for (const each of value) {
        const written = isEntityLike(each) ? representedCopy(each, target, dates) : plainCopy(each);
        if (written === NEEDS_CLASS_TRANSFORMER) return written;
        items.push(written);
      }
      item = items;
    } else if (target && isEntityLike(value)) {
      item = representedCopy(value, target, dates);
    } else {
      item = plainCopy(value);
    }
    if (item === NEEDS_CLASS_TRANSFORMER) return item;
    copy[key] = item;
  }
  return copy;
}

/** An object {@link plainCopy} copies by its keys (neither an array nor a Date). */
function isEntityLike(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/**
 * A row of the spec's 2.4 shape: the entity's own representation (class-transformer, so `@Exclude`
 * holds), a loaded to-one relation as a nested object, a loaded to-many relation as an array, and
 * date and date-time columns as ISO 8601 through `GTDateField` / `GTDateTimeField`.
 */
export function serializeRow(entity: object, metadata: EntityMetadata, dates: RowDateFields): Plain {
  const copy = isEntityLike(entity) ? representedCopy(entity, metadata, dates) : NEEDS_CLASS_TRANSFORMER;
  if (copy !== NEEDS_CLASS_TRANSFORMER) return copy;
  const plain = instanceToPlain(entity) as Plain;
  representDates(plain, entity as Record<string, unknown>, metadata, dates);
  return plain;
}
