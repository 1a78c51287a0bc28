/**
 * Deepest nesting of arrays and objects in a body or query that the library reads. Its own inputs
 * nest at most a dozen levels (a SearchBuilder tree in a saved view's state); the bound is there so
 * that nothing recurses into an input deep enough to exhaust the stack.
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * Most values (texts, numbers, booleans, nulls, arrays and objects, each counted once) in a body
 * that the library validates against a DTO: class-transformer and class-validator take seconds
 * over a few hundred thousand. The library's own bodies hold a few hundred at most.
 */
export const MAX_INPUT_VALUES = 5_000;

/** The bounds an input is checked against; `maxValues` absent: values are not counted. */
export interface InputBounds {
  maxDepth: number;
  maxValues?: number;
}

/** A step into a parsed input: a property name or an array index. */
export type InputStep = string | number;

/** How a message names the place of a problem: `root[a][0]` (parameters) or `root.a[0]` (bodies). */
export type InputNaming = 'brackets' | 'properties';

/** What is wrong with an input, and where (the steps from its root; empty: the input itself). */
export interface InputProblem {
  kind: 'depth' | 'nul' | 'values';
  path: InputStep[];
}

interface Visit {
  value: unknown;
  depth: number;
  step: InputStep | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): InputStep[] {
  const path: InputStep[] = [];
  for (let at: Visit | null = visit; at && at.step !== null; at = at.parent) path.push(at.step);
  return path.reverse();
}

/**
 * The first text with a NUL character (which PostgreSQL cannot store, and no text the library reads
 * needs), in a value or a property name; the first array or object nested deeper than `maxDepth`
 * (the input itself, when an object or array, is level 1); or, past `maxValues` values, the array
 * or object whose items went past it. Walks the input with a stack of its own, so any depth is read
 * without recursion, counts the items of an array or object before it takes them, and stops at the
 * first problem.
 */
export function findInputProblem(input: unknown, { maxDepth, maxValues }: InputBounds): InputProblem | null {
  const pending: Visit[] = [{ value: input, depth: 0, step: null, parent: null }];
  let values = 1;
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { kind: 'nul', path: pathOf(visit) };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const depth = visit.depth + 1;
    if (depth > maxDepth) return { kind: 'depth', path: pathOf(visit) };
    const names = Array.isArray(value) ? null : Object.keys(value);
    values += names ? names.length : (value as unknown[]).length;
    if (maxValues !== undefined && values > maxValues) return { kind: 'values', path: pathOf(visit) };
    const steps: readonly InputStep[] = names ?? [...(value as unknown[]).keys()];
    for (let index = steps.length - 1; index >= 0; index -= 1) {
      const step = steps[index]!;
      const child: Visit = { value: (value as Record<InputStep, unknown>)[step], depth, step, parent: visit };
      if (typeof step === 'string' && step.includes('\u0000')) return { kind: 'nul', path: pathOf(child) };
      pending.push(child);
    }
  }
  return null;
}

/**
 * What an input is, as messages name it: `{ described: 'the body' }` for one whose fields are named
 * on their own (`state.name`), `{ named: 'searchBuilder' }` for the value of one parameter, whose
 * name starts every place in it (`searchBuilder[criteria][0]`).
 */
export type InputRoot = { described: string } | { named: string };

function named(step: InputStep): string {
  return typeof step === 'string' && /^[^\u0000-\u001f]*$/.test(step) ? step : JSON.stringify(step);
}

/** The place of a problem as a message names it. */
export function inputPlace(path: readonly InputStep[], naming: InputNaming, root: InputRoot): string {
  const start = 'named' in root ? root.named : null;
  if (path.length === 0) return start ?? (root as { described: string }).described;
  return path.reduce<string | null>((place, step) => {
    if (place === null) return typeof step === 'number' ? `[${step}]` : named(step);
    if (typeof step === 'number' || naming === 'brackets') return `${place}[${named(step)}]`;
    return `${place}.${named(step)}`;
  }, start)!;
}

/**
 * The message of an input's problem (see {@link findInputProblem}), or null when it has none:
 * a NUL names the value (`state.columns[0].name`), nesting and the count the top-level field.
 */
export function inputProblemMessage(
  input: unknown,
  bounds: InputBounds,
  naming: InputNaming,
  root: InputRoot,
): string | null {
  const problem = findInputProblem(input, bounds);
  if (!problem) return null;
  if (problem.kind === 'nul') return `${inputPlace(problem.path, naming, root)} must not contain NUL characters`;
  const whole = 'named' in root ? root.named : root.described;
  const field =
    'described' in root && problem.path.length > 0 ? ` (in ${inputPlace(problem.path.slice(0, 1), naming, root)})` : '';
  return problem.kind === 'depth'
    ? `${whole} nests arrays and objects more than ${bounds.maxDepth} levels deep${field}; at most ${bounds.maxDepth} are read`
    : `${whole} holds more than ${bounds.maxValues} values${field}; at most ${bounds.maxValues} are read`;
}
