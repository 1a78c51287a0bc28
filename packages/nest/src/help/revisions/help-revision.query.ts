import type { EntityManager } from 'typeorm';
import { HelpRevision, type HelpRevisionAction } from './help-revision.entity.js';
import type { Help } from '../help.entity.js';

/** An entry's fields at one moment, as a revision keeps them. */
export interface HelpState {
  id_view: string;
  question_name: string;
  language: string | null;
  help_title: string;
  help_text: string;
  version: number;
}

/** A revision as the API answers it. */
export interface HelpRevisionView {
  id: number;
  help_id: number;
  action: HelpRevisionAction;
  /** Who wrote (`getUserName`); `null` when unknown. */
  user: string | null;
  created_at: Date;
  /** The entry before the write; `null` for a creation (or a restore of a deleted entry). */
  before: HelpState | null;
  /** The entry after the write; `null` for a deletion. */
  after: HelpState | null;
}

function stateOf(help: Help | HelpState): HelpState {
  const { id_view, question_name, language, help_title, help_text, version } = help;
  return { id_view, question_name, language, help_title, help_text, version };
}

function columnsOf(prefix: 'before' | 'after', state: HelpState | null): Partial<HelpRevision> {
  const keys = ['id_view', 'question_name', 'language', 'help_title', 'help_text', 'version'] as const;
  return Object.fromEntries(keys.map((key) => [`${prefix}_${key}`, state ? state[key] : null]));
}

function stateFrom(revision: HelpRevision, prefix: 'before' | 'after'): HelpState | null {
  const version = revision[`${prefix}_version`];
  if (version === null) return null;
  return {
    id_view: revision[`${prefix}_id_view`]!,
    question_name: revision[`${prefix}_question_name`]!,
    language: revision[`${prefix}_language`],
    help_title: revision[`${prefix}_help_title`]!,
    help_text: revision[`${prefix}_help_text`]!,
    version,
  };
}

/** Records one write to entry `helpId`, in the write's transaction. */
export async function recordRevision(
  manager: EntityManager,
  helpId: number,
  action: HelpRevisionAction,
  user: string | null,
  before: Help | null,
  after: Help | null,
): Promise<void> {
  await manager.insert(HelpRevision, {
    help_id: helpId,
    action,
    user_name: user,
    created_at: new Date(),
    ...columnsOf('before', before && stateOf(before)),
    ...columnsOf('after', after && stateOf(after)),
  });
}

export function revisionView(revision: HelpRevision): HelpRevisionView {
  return {
    id: revision.id,
    help_id: revision.help_id,
    action: revision.action,
    user: revision.user_name,
    created_at: revision.created_at,
    before: stateFrom(revision, 'before'),
    after: stateFrom(revision, 'after'),
  };
}
