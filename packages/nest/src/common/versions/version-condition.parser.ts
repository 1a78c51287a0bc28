/**
 * What an `If-Match` header asks of a record's version (a help entry's, a resource's row's): any
 * version (`*`), or one of the listed ones. Weak tags (`W/"3"`) never match, as RFC 9110 compares
 * `If-Match` strongly.
 */
export type VersionCondition = { kind: 'any' } | { kind: 'versions'; versions: readonly number[] };

/** The `ETag` of a record at `version`. */
export function entityTag(version: number): string {
  return `"${version}"`;
}

const ENTITY_TAG = /^(W\/)?"([^"]*)"$/;

export const IF_MATCH_FORMAT = 'If-Match must be * or a comma-separated list of entity tags such as "3"';

/**
 * The condition of an `If-Match` header; `undefined` without the header; a string naming the
 * problem when the header is malformed.
 */
export function parseIfMatch(header: string | readonly string[] | undefined): VersionCondition | undefined | string {
  if (header === undefined) return undefined;
  const value = (typeof header === 'string' ? header : header.join(',')).trim();
  if (value === '*') return { kind: 'any' };
  const versions: number[] = [];
  for (const part of value.split(',')) {
    const match = ENTITY_TAG.exec(part.trim());
    if (!match) return IF_MATCH_FORMAT;
    const [, weak, opaque] = match;
    if (!weak && /^[1-9][0-9]{0,9}$/.test(opaque!)) versions.push(Number(opaque));
  }
  return { kind: 'versions', versions };
}

/** Whether a record at `version` meets the condition (no condition: always). */
export function versionMeets(condition: VersionCondition | undefined, version: number): boolean {
  return !condition || condition.kind === 'any' || condition.versions.includes(version);
}
