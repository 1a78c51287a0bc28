/** `url` (a resource's list URL) without its query string, ending in one slash. */
function listBase(url: string): string {
  const path = url.split(/[?#]/, 1)[0]!;
  return path.endsWith('/') ? path : `${path}/`;
}

/** The trash of the resource whose list is `url`: `<list>/trash/`. */
export function trashListUrl(url: string): string {
  return `${listBase(url)}trash/`;
}

/** Restores the record `key` (`POST <list>/<key>/restore/`) or deletes it for good (`DELETE <list>/<key>/?purge=true`). */
export function trashRecordUrl(url: string, key: string, action: 'restore' | 'purge'): string {
  const record = `${listBase(url)}${encodeURIComponent(key)}/`;
  return action === 'restore' ? `${record}restore/` : `${record}?purge=true`;
}
