/**
 * The trash of a resource whose entity has a TypeORM `@DeleteDateColumn` (`DataTableResourceOptions.trash`).
 * Such a resource always deletes softly and serves its trash; these options only tune it.
 */
export interface ResourceTrashOptions {
  /**
   * How long a deleted record stays in the trash before it is deleted for good: milliseconds, or a
   * text such as `'30 days'`, `'12 hours'`, `'90 minutes'`, `'2 weeks'`. Records older than that are
   * purged on every read of the trash and on a timer (hourly, or every `retention` when shorter).
   * Absent: records stay until restored or purged.
   */
  retention?: string | number;
}
