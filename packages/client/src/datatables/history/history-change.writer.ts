import type { DataTableTexts } from '../../texts/index.js';

/** One changed field of a revision, as `GET <path>/<id>/history/` answers it. */
export type RecordHistoryChange =
  | { field: string; before: unknown; after: unknown }
  | { field: string; added: unknown[]; removed: unknown[] }
  | { field: string; omitted: 'secret' | 'too-long' };

/** One revision of a record, as the server answers it. */
export interface RecordRevision {
  id: number;
  action: 'create' | 'update' | 'delete' | 'restore';
  route: string;
  user: string | null;
  at: string;
  changes: RecordHistoryChange[];
}

/** A page of a record's history, newest first. */
export interface RecordHistoryPage {
  page: number;
  size: number;
  total: number;
  revisions: RecordRevision[];
}

/** The three cells of a changed field's row: its label, what it was and what it became (text, not HTML). */
export interface ChangeCells {
  field: string;
  before: string;
  after: string;
}

/** `template` with each `{name}` replaced by its value. */
export function fillHistoryText(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A value as the history shows it: empty, Yes/No, a list, or its text. */
export function historyValueText(value: unknown, texts: Pick<DataTableTexts, 'empty' | 'yes' | 'no'>): string {
  if (value === null || value === undefined || value === '') return texts.empty;
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  if (Array.isArray(value))
    return value.length === 0 ? texts.empty : value.map((item) => historyValueText(item, texts)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The cells of a changed field: before and after; a to-many field's keys removed (before) and added
 * (after); a field changed without its values says so. `labels` names fields as the page does.
 */
export function changeCells(
  change: RecordHistoryChange,
  texts: DataTableTexts,
  labels: Readonly<Record<string, string>> = {},
): ChangeCells {
  const field = labels[change.field] ?? change.field;
  if ('omitted' in change) {
    const said = change.omitted === 'secret' ? texts.historySecret : texts.historyTooLong;
    return { field, before: said, after: said };
  }
  if ('added' in change) {
    const keys = (list: unknown[]) => historyValueText(list, texts);
    return {
      field,
      before:
        change.removed.length > 0 ? fillHistoryText(texts.historyRemoved, { keys: keys(change.removed) }) : texts.empty,
      after: change.added.length > 0 ? fillHistoryText(texts.historyAdded, { keys: keys(change.added) }) : texts.empty,
    };
  }
  return { field, before: historyValueText(change.before, texts), after: historyValueText(change.after, texts) };
}

/** The heading of a revision: what was done, by whom, when (`when` already written for the page). */
export function revisionHeading(revision: RecordRevision, when: string, texts: DataTableTexts): string {
  const action = {
    create: texts.historyCreate,
    update: texts.historyUpdate,
    delete: texts.historyDelete,
    restore: texts.historyRestore,
  }[revision.action];
  return fillHistoryText(texts.historyBy, { action, user: revision.user ?? texts.historySomeone, when });
}

/** The answer's page when it has that shape; null otherwise. */
export function parseHistoryPage(body: unknown): RecordHistoryPage | null {
  if (typeof body !== 'object' || body === null) return null;
  const { page, size, total, revisions } = body as Partial<RecordHistoryPage>;
  const whole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
  if (!whole(page) || !whole(size) || !whole(total) || !Array.isArray(revisions)) return null;
  return { page, size, total, revisions };
}
