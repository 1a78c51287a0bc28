/** Lower case without accents: `Ångström` and `angstrom` compare equal. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The search box's words, folded; empty when the box is blank. */
export function searchTerms(query: string): string[] {
  return foldForSearch(query).split(/\s+/).filter(Boolean);
}

/** What an entry is searched in: its title and the text (not the markup) of its body, folded. */
export function searchableText(title: string, bodyText: string): string {
  return foldForSearch(`${title}\n${bodyText}`);
}

/** Every term occurs in the searchable text; an empty search matches everything. */
export function matchesSearch(searchable: string, terms: readonly string[]): boolean {
  return terms.every((term) => searchable.includes(term));
}
