import type { ChangeKind } from './live.options.js';

/** A key as a notice carries it: JSON's number or text. */
export type NoticeKey = string | number;

/** A change of rows of one entity (by its metadata name), as instances tell each other. */
export interface ChangeNotice {
  entity: string;
  kind: ChangeKind;
  /** The changed rows' primary keys; null: too many, or not known (a write by query). */
  keys: NoticeKey[] | null;
}

/** A notice as this instance numbered it; `change: null` marks notices that may have been lost (reload). */
export interface LiveNotice {
  seq: number;
  change: ChangeNotice | null;
}

/**
 * What a stream follows for one table: its id, its entity, the other entities it reads through
 * relations (their changes are told bare), and whether its user may learn keys.
 */
export interface LiveSubscription {
  table: string;
  entity: string;
  related: readonly string[];
  keys: boolean;
}

/** A `change` event's data: keys and kind only for a subscriber whose table lists the whole entity. */
export interface LiveChangeEvent {
  table: string;
  kind: ChangeKind | 'changed';
  keys?: NoticeKey[];
}
