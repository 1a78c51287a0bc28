/** An edited row's fields apart from its version, and the version it was read at when Editor sent one. */
export interface SentVersion {
  values: Record<string, unknown>;
  /** The version the row was read at; absent when the row did not send its version field. */
  version?: number;
  /** The version field was sent, but is no version (not a whole number from 0). */
  invalid?: true;
}

/**
 * The version field of an edited row (the entity's `@VersionColumn` property, as the list shows it
 * and an Editor form sends it back: a number in JSON, a text in a form) taken out of its fields, which
 * the DTO then validates; `property` undefined (no version column): the fields as sent.
 */
export function sentVersion(values: Record<string, unknown>, property: string | undefined): SentVersion {
  if (property === undefined || !Object.hasOwn(values, property)) return { values };
  const { [property]: sent, ...rest } = values;
  const version =
    typeof sent === 'number' ? sent : typeof sent === 'string' && /^[0-9]{1,15}$/.test(sent) ? Number(sent) : NaN;
  return Number.isSafeInteger(version) && version >= 0 ? { values: rest, version } : { values: rest, invalid: true };
}
