/**
 * Whether two view names are the same to a user: equal once trimmed, Unicode-normalised and
 * lower-cased ("Cassettes" and "cassettes " are one name). Compared here rather than by the
 * database, whose collations differ (case-sensitive on PostgreSQL and SQLite, not on MySQL).
 */
export function sameViewName(a: string, b: string): boolean {
  return comparable(a) === comparable(b);
}

function comparable(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}
