import { AsyncLocalStorage } from 'node:async_hooks';

/** Who makes the help writes that run in a context, and as what, for `HelpWriteSubscriber`. */
export interface HelpWriteContext {
  /**
   * Who writes (`null`: unknown); a function is asked only when a write needs the name, once.
   * Absent: the name of an enclosing context (the request's user), else unknown.
   */
  user?: string | null | (() => Promise<string | null>);
  /** Records the writes as restores instead of creations and updates. */
  restoring?: boolean;
}

const contexts = new AsyncLocalStorage<HelpWriteContext>();

/** Runs `work` with `context`, within the one it runs in: what `context` leaves out stays as it was. */
export function runHelpWrite<R>(context: HelpWriteContext, work: () => R): R {
  const outer = contexts.getStore() ?? {};
  const defined = Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined));
  return contexts.run({ ...outer, ...defined }, work);
}

/** Whether the writes running now are restores. */
export function restoringHelp(): boolean {
  return contexts.getStore()?.restoring === true;
}

/** Each context's question, asked once: every write it makes (a bulk deletion's many) records one name. */
const names = new WeakMap<() => Promise<string | null>, Promise<string | null>>();

/** The name of who makes the writes running now; `null` when unknown. */
export function helpWriter(): Promise<string | null> {
  const user = contexts.getStore()?.user;
  if (typeof user !== 'function') return Promise.resolve(user ?? null);
  let name = names.get(user);
  if (!name) {
    name = user();
    names.set(user, name);
  }
  return name;
}
