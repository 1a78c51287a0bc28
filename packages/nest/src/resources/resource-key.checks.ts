import type { EntityMetadata } from 'typeorm';

const INTEGER_TYPES = new Set(['int', 'integer', 'int4', 'int8', 'smallint', 'bigint', 'mediumint']);

/** The record routes take positive integer ids: the problem of an entity without exactly one integer primary key. */
export function resourceKeyProblem(metadata: EntityMetadata): string | null {
  const keys = metadata.primaryColumns;
  const key = keys[0];
  const integer = key && (key.type === Number || INTEGER_TYPES.has(String(key.type)));
  return keys.length !== 1 || !integer ? `${metadata.name} needs exactly one integer primary key column` : null;
}
