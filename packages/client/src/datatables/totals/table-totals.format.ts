import { AGGREGATE_NAMES, columnFieldName, type AggregateName, type WidgetLibColumn } from '../core/index.js';

/** One column's totals as the server answers them: `{ sum: '12.50', count: 3 }`. */
export type AggregateValues = Partial<Record<AggregateName, string | number | null>>;

/** A group's subtotals (`groups[<value>]`): its count and each path's aggregates. */
export interface GroupTotals {
  count: number;
  aggregates: Record<string, AggregateValues>;
}

/** The aggregate a column's footer shows, and the path it is read at; null for none. */
export function footerAggregate(column: WidgetLibColumn): { name: AggregateName; path: string } | null {
  const { footer } = column;
  if (typeof footer !== 'string' || !(AGGREGATE_NAMES as readonly string[]).includes(footer)) return null;
  const path = column.aggregate ?? columnFieldName(column);
  return path ? { name: footer as AggregateName, path } : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The answer's `aggregates` member, each path's values kept only when they are numbers, texts or null. */
export function parseAggregates(value: unknown): Record<string, AggregateValues> {
  if (!isRecord(value)) return {};
  const answer: Record<string, AggregateValues> = {};
  for (const [path, values] of Object.entries(value)) {
    if (!isRecord(values)) continue;
    const kept: AggregateValues = {};
    for (const name of AGGREGATE_NAMES) {
      const each = values[name];
      if (typeof each === 'number' || typeof each === 'string' || each === null) kept[name] = each;
    }
    answer[path] = kept;
  }
  return answer;
}

/** The answer's `groups` member: per group key, its count and aggregates. */
export function parseGroups(value: unknown): Map<string, GroupTotals> {
  const groups = new Map<string, GroupTotals>();
  if (!isRecord(value)) return groups;
  for (const [key, totals] of Object.entries(value)) {
    if (!isRecord(totals) || typeof totals.count !== 'number') continue;
    const { count, ...paths } = totals;
    groups.set(key, { count, aggregates: parseAggregates(paths) });
  }
  return groups;
}

/** `{name}` placeholders of `text` replaced by `values`. */
export function fillText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
