/**
 * A resource's history (`history` on `DataTableResource`): every write through the resource records
 * a revision of each record it changes, inside the write's transaction.
 */
export interface ResourceHistoryOptions {
  /**
   * Fields (entity property names) recorded as changed without their values: a password's hash, a
   * token. A restore leaves them as they are.
   */
  secret?: readonly string[];
  /**
   * The update body a restore sends through the update DTO, from the record's fields as the revision
   * left them (entity property names; a to-one relation as its key, a to-many as its keys; dates as
   * ISO 8601 text). Default: the fields the update DTO declares, under the same names.
   */
  restoreBody?: (state: Readonly<Record<string, unknown>>) => object;
}

/** `history: true` or its options, as the declaration gives it; `undefined` when the resource keeps none. */
export function historyOptions(
  history: boolean | ResourceHistoryOptions | undefined,
): ResourceHistoryOptions | undefined {
  if (!history) return undefined;
  return history === true ? {} : history;
}

/** The problems of a history declaration against the entity's history fields. */
export function historyProblems(options: ResourceHistoryOptions | undefined, fields: readonly string[]): string[] {
  const known = new Set(fields);
  return (options?.secret ?? [])
    .filter((field) => !known.has(field))
    .map((field) => `history.secret names "${field}", which is not a column or relation the history records`);
}
