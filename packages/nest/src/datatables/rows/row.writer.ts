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

const dateColumnsByEntity = new WeakMap<EntityMetadata, DateColumn[]>();

/** The entity's own date and date-time columns, read from its metadata once. */
function dateColumns(metadata: EntityMetadata): DateColumn[] {
  let columns = dateColumnsByEntity.get(metadata);
  if (!columns) {
    columns = [];
    for (const column of metadata.columns) {
      if (column.relationMetadata || column.embeddedMetadata) continue;
      const { kind } = fieldSpecOf(column);
      if (kind === 'date' || kind === 'datetime') columns.push({ propertyName: column.propertyName, kind });
    }
    dateColumnsByEntity.set(metadata, columns);
  }
  return columns;
}

/** Replaces dates by their ISO 8601 representation, through the loaded relations too. */
function representDates(
  plain: Plain,
  entity: Record<string, unknown>,
  metadata: EntityMetadata,
  dates: RowDateFields,
): void {
  for (const { propertyName, kind } of dateColumns(metadata)) {
    if (!(propertyName in plain)) continue;
    const value = entity[propertyName] as Date | string | null | undefined;
    plain[propertyName] = kind === 'date' ? dates.date.toRepresentation(value) : dates.dateTime.toRepresentation(value);
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
  const prototype = Object.getPrototypeOf(value) as { constructor?: unknown } | null;
  const constructor = prototype?.constructor;
  const plainObject = prototype === Object.prototype || prototype === null;
  if (!plainObject && !(typeof constructor === 'function' && hasNoTransformMetadata(constructor as never)))
    return NEEDS_CLASS_TRANSFORMER;
  if (
    !plainObject &&
    (value instanceof Map || value instanceof Set || value instanceof Promise || ArrayBuffer.isView(value))
  )
    return NEEDS_CLASS_TRANSFORMER;
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
 * A row of the spec's 2.4 shape: the entity's own representation (class-transformer, so `@Exclude`
 * holds), a loaded to-one relation as a nested object, a loaded to-many relation as an array, and
 * date and date-time columns as ISO 8601 through `GTDateField` / `GTDateTimeField`.
 */
export function serializeRow(entity: object, metadata: EntityMetadata, dates: RowDateFields): Plain {
  const copy = plainCopy(entity);
  const plain = (copy === NEEDS_CLASS_TRANSFORMER ? instanceToPlain(entity) : copy) as Plain;
  representDates(plain, entity as Record<string, unknown>, metadata, dates);
  return plain;
}
