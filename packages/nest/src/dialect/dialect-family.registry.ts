import type { DialectFamily } from './database-dialect.types.js';
import { mysqlFamily } from './mysql.dialect.js';
import { postgresFamily } from './postgres.dialect.js';
import { sqliteFamily } from './sqlite.dialect.js';

/** Every database family widgetlib supports: a new one is a `<family>.dialect.ts` listed here. */
export const DIALECT_FAMILIES: readonly DialectFamily[] = [postgresFamily, mysqlFamily, sqliteFamily];

/** The family TypeORM's driver `driverType` (`options.type`) reaches. */
export function dialectFamily(driverType: string): DialectFamily {
  const family = DIALECT_FAMILIES.find((each) => each.driverTypes.includes(driverType));
  if (!family) {
    const supported = DIALECT_FAMILIES.flatMap((each) => each.driverTypes);
    throw new Error(
      `widgetlib supports ${supported.slice(0, -1).join(', ')} and ${supported.at(-1)}, not the "${driverType}" driver`,
    );
  }
  return family;
}

/** Largest number of bytes a `text` column holds through the driver `driverType`, or null for no such limit. */
export function textColumnByteCapacity(driverType: string): number | null {
  return DIALECT_FAMILIES.find((each) => each.driverTypes.includes(driverType))?.textColumnByteCapacity ?? null;
}
