import { HELP_ID_VIEW_MAX_LENGTH, HELP_QUESTION_NAME_MAX_LENGTH } from '#rules/help-limits.js';
import { MAX_INT_ID } from '../common/int-id.constants.js';
import type { HelpUsageKind } from './help-usage-counter.entity.js';

// Readers' events as the panel reports them, the daily counters they add to, and their summary per
// view. Pure: no Nest, no database.

/** Days the counters are kept unless the host sets `helpUsageRetentionDays`. */
export const DEFAULT_HELP_USAGE_RETENTION_DAYS = 180;

/** The most distinct field names one view's `asked` and `missing` counters may carry (as coverage). */
export const MAX_USAGE_FIELDS_PER_VIEW = 500;

/** Old counters are removed on a write, at most this often per process. */
export const HELP_USAGE_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day (UTC, `YYYY-MM-DD`) a counter of an event at `time` (ms since the epoch) adds to. */
export function usageDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The first day still kept at `time`: counters of earlier days are removed. */
export function firstKeptUsageDay(time: number, retentionDays: number): string {
  return usageDay(time - retentionDays * DAY_MS);
}

/** One event as reported: about an entry, or about a field of a view. */
export type HelpUsageReport =
  | { kind: 'opened' | 'helpful' | 'not_helpful'; help_id: number }
  | { kind: 'asked' | 'missing'; id_view: string; question_name: string };

const ENTRY_KINDS = ['opened', 'helpful', 'not_helpful'] as const;
const FIELD_KINDS = ['asked', 'missing'] as const;

function text(value: unknown, name: string, maxLength: number, problems: string[]): string {
  if (typeof value !== 'string' || value.trim() === '' || value.trim().length > maxLength) {
    problems.push(`${name} must be a non-empty string of at most ${maxLength} characters`);
    return '';
  }
  return value.trim();
}

/** The event of a `POST /help/usage/` body, or every problem with it. */
export function parseHelpUsageReport(body: unknown): HelpUsageReport | { problems: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { problems: ['the body must be an object'] };
  }
  const { event, ...rest } = body as Record<string, unknown>;
  const problems: string[] = [];
  if ((ENTRY_KINDS as readonly unknown[]).includes(event)) {
    const allowed = ['help_id'];
    problems.push(
      ...Object.keys(rest)
        .filter((key) => !allowed.includes(key))
        .map((key) => `property ${key} should not exist`),
    );
    const id = rest.help_id;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_INT_ID) {
      problems.push(`help_id must be a positive integer no greater than ${MAX_INT_ID}`);
    }
    return problems.length > 0 ? { problems } : { kind: event as (typeof ENTRY_KINDS)[number], help_id: id as number };
  }
  if ((FIELD_KINDS as readonly unknown[]).includes(event)) {
    const allowed = ['id_view', 'question_name'];
    problems.push(
      ...Object.keys(rest)
        .filter((key) => !allowed.includes(key))
        .map((key) => `property ${key} should not exist`),
    );
    const id_view = text(rest.id_view, 'id_view', HELP_ID_VIEW_MAX_LENGTH, problems);
    const question_name = text(rest.question_name, 'question_name', HELP_QUESTION_NAME_MAX_LENGTH, problems);
    return problems.length > 0 ? { problems } : { kind: event as (typeof FIELD_KINDS)[number], id_view, question_name };
  }
  return { problems: [`event must be one of ${[...ENTRY_KINDS, ...FIELD_KINDS].join(', ')}`] };
}

/** The count of one kind of event on one entry or field, as the database groups them. */
export interface HelpUsageCount {
  kind: HelpUsageKind;
  help_id: number | null;
  question_name: string;
  count: number;
}

export interface HelpEntryUsage {
  help_id: number;
  question_name: string;
  opened: number;
  helpful: number;
  not_helpful: number;
}

export interface HelpFieldUsage {
  question_name: string;
  clicks: number;
}

/** The use of one view's help, for its admins. */
export interface HelpUsageSummary {
  id_view: string;
  /** Entries by times opened, most first. */
  most_opened: HelpEntryUsage[];
  /** Entries with a "not helpful" answer, the least helpful share first. */
  least_helpful: HelpEntryUsage[];
  /** Fields whose "?" was clicked, most first. */
  asked: HelpFieldUsage[];
  /** Fields without help whose "?" was clicked, most first: where help is missing. */
  missing: HelpFieldUsage[];
}

const byName = (a: { question_name: string }, b: { question_name: string }) =>
  a.question_name < b.question_name ? -1 : a.question_name > b.question_name ? 1 : 0;

export function summariseHelpUsage(id_view: string, counts: readonly HelpUsageCount[]): HelpUsageSummary {
  const entries = new Map<number, HelpEntryUsage>();
  const fields = { asked: new Map<string, number>(), missing: new Map<string, number>() };
  for (const { kind, help_id, question_name, count } of counts) {
    if (kind === 'asked' || kind === 'missing') {
      fields[kind].set(question_name, (fields[kind].get(question_name) ?? 0) + count);
      continue;
    }
    if (help_id === null) continue;
    const entry = entries.get(help_id) ?? { help_id, question_name, opened: 0, helpful: 0, not_helpful: 0 };
    entry[kind] += count;
    entries.set(help_id, entry);
  }
  const helpfulShare = (entry: HelpEntryUsage) => entry.helpful / (entry.helpful + entry.not_helpful);
  const fieldList = (map: Map<string, number>) =>
    [...map]
      .map(([question_name, clicks]) => ({ question_name, clicks }))
      .sort((a, b) => b.clicks - a.clicks || byName(a, b));
  const all = [...entries.values()];
  return {
    id_view,
    most_opened: all.filter((e) => e.opened > 0).sort((a, b) => b.opened - a.opened || a.help_id - b.help_id),
    least_helpful: all
      .filter((e) => e.not_helpful > 0)
      .sort((a, b) => helpfulShare(a) - helpfulShare(b) || b.not_helpful - a.not_helpful || a.help_id - b.help_id),
    asked: fieldList(fields.asked),
    missing: fieldList(fields.missing),
  };
}
