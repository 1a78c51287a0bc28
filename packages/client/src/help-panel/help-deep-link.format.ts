// Deep links to one help entry: `#help=<id>` in the page's fragment or `?help=<id>` in its query.

/** What a page address asks of the panel: nothing, one entry, or something that names no entry. */
export type HelpDeepLink = { kind: 'none' } | { kind: 'entry'; id: number } | { kind: 'invalid'; value: string };

const HELP_PARAMETER = 'help';
/** The largest id the help API accepts (a 32-bit signed integer). */
const MAX_ENTRY_ID = 2_147_483_647;

function parseEntryId(value: string): HelpDeepLink {
  const trimmed = value.trim();
  const id = /^[1-9][0-9]*$/.test(trimmed) ? Number(trimmed) : NaN;
  return Number.isSafeInteger(id) && id <= MAX_ENTRY_ID ? { kind: 'entry', id } : { kind: 'invalid', value: trimmed };
}

/** The `help` parameter of a fragment (`#help=12`, also among others: `#tab=2&help=12`), or null. */
function fromFragment(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  return fragment.includes('=') ? new URLSearchParams(fragment).get(HELP_PARAMETER) : null;
}

/** The deep link of an address: its fragment's `help` first, else its query's `help`. */
export function readHelpDeepLink(location: Pick<Location, 'hash' | 'search'>): HelpDeepLink {
  const value = fromFragment(location.hash) ?? new URLSearchParams(location.search).get(HELP_PARAMETER);
  return value === null ? { kind: 'none' } : parseEntryId(value);
}

/** The address of `href`'s page that opens the panel on entry `id`: any other deep link in it replaced. */
export function helpDeepLinkUrl(href: string, id: number): string {
  const url = new URL(href);
  url.searchParams.delete(HELP_PARAMETER);
  url.hash = `${HELP_PARAMETER}=${id}`;
  return url.href;
}
