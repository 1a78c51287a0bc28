/** One option of a remote-search (select2) filter. */
export interface RemoteChoice {
  value: string;
  text: string;
}

/**
 * The options in a remote-search answer: a list, select2's `{ results: [...] }` or a table envelope's
 * `{ data: [...] }`. An item is a plain value or an object with `id` (or `value`) and `text` (or
 * `name`, `display_name`, `label`). Items without a value are left out.
 */
export function parseRemoteChoices(body: unknown): RemoteChoice[] {
  const items = Array.isArray(body) ? body : listMember(body);
  const choices: RemoteChoice[] = [];
  for (const item of items) {
    const choice = choiceOf(item);
    if (choice) choices.push(choice);
  }
  return choices;
}

function listMember(body: unknown): unknown[] {
  if (body === null || typeof body !== 'object') return [];
  const { results, data } = body as { results?: unknown; data?: unknown };
  if (Array.isArray(results)) return results;
  return Array.isArray(data) ? data : [];
}

function scalarText(value: unknown): string | null {
  return (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : null;
}

function choiceOf(item: unknown): RemoteChoice | null {
  const plain = scalarText(item);
  if (plain !== null) return { value: plain, text: plain };
  if (item === null || typeof item !== 'object') return null;
  const record = item as Record<string, unknown>;
  const value = scalarText(record.id) ?? scalarText(record.value);
  if (value === null) return null;
  const text =
    scalarText(record.text) ??
    scalarText(record.name) ??
    scalarText(record.display_name) ??
    scalarText(record.label) ??
    value;
  return { value, text };
}
