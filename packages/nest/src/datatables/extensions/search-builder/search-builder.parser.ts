import { inputProblemMessage } from '../../../common/request-input.checks.js';
import {
  valuesTaken,
  type FieldConditionReader,
  type FieldOperation,
  readText,
  isParameterObject,
  type ParameterObject,
  type ParameterTree,
  type QueryParameters,
} from '../../request/index.js';
import {
  listed,
  quoted,
  type RequestProblems,
  parameterDepthLimit,
  type ConditionGroup,
  type ConditionNode,
  SEARCH_BUILDER_PARAMETER,
} from '../../model/index.js';

/** SearchBuilder's conditions (for strings, numbers and dates) and what each asks of a field. */
export const SEARCH_BUILDER_CONDITIONS: Readonly<Record<string, FieldOperation>> = {
  '=': 'equals',
  '!=': 'notEquals',
  '<': 'less',
  '<=': 'lessOrEqual',
  '>': 'greater',
  '>=': 'greaterOrEqual',
  between: 'between',
  '!between': 'notBetween',
  contains: 'contains',
  '!contains': 'notContains',
  starts: 'starts',
  '!starts': 'notStarts',
  ends: 'ends',
  '!ends': 'notEnds',
  null: 'empty',
  '!null': 'notEmpty',
};

const ROOT = SEARCH_BUILDER_PARAMETER;
const GROUP_KEYS = ['criteria', 'logic'];
const CRITERION_KEYS = ['condition', 'data', 'origData', 'type', 'value', 'value1', 'value2'];

/** The items of a list sent as an array, as numbered names (`[0]`, `[1]`...) or as one value. */
function listItems(tree: ParameterTree): ParameterTree[] | undefined {
  if (typeof tree === 'string') return [tree];
  if (Array.isArray(tree)) return [...(tree as readonly string[])];
  const names = Object.keys(tree);
  if (!names.every((name) => /^\d{1,4}$/.test(name))) return undefined;
  return names.sort((a, b) => Number(a) - Number(b)).map((name) => (tree as ParameterObject)[name]!);
}

/** A JSON value as a parameter tree: objects, lists of texts, texts (numbers and booleans written as texts). */
function fromJson(value: unknown): ParameterTree | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const items = value.map(fromJson);
    if (items.every((item): item is string => typeof item === 'string')) return items;
    const numbered: ParameterObject = Object.create(null) as ParameterObject;
    for (const [index, item] of items.entries()) {
      if (item === undefined) return undefined;
      numbered[String(index)] = item;
    }
    return numbered;
  }
  if (value && typeof value === 'object') {
    const object: ParameterObject = Object.create(null) as ParameterObject;
    for (const [name, item] of Object.entries(value)) {
      if (item === null || item === undefined) continue;
      const converted = fromJson(item);
      if (converted === undefined) return undefined;
      object[name] = converted;
    }
    return object;
  }
  return undefined;
}

/**
 * Reads SearchBuilder's criteria tree, sent as `searchBuilder[criteria][i][condition|origData|
 * type|value|value1|value2]` with nested `criteria` groups and `logic` (AND/OR), or as one JSON
 * parameter `searchBuilder` of the same shape. A criterion still being filled in (no condition, or
 * missing values) is left out, as SearchBuilder does; anything else that does not read is a problem.
 */
export class SearchBuilderParser {
  constructor(
    private readonly problems: RequestProblems,
    private readonly conditions: FieldConditionReader,
    private readonly maxDepth: number,
    /** Counts one criterion against the request's limit; false past it. */
    private readonly counted: (name: string) => boolean,
  ) {}

  /** The tree as a condition group, or null when the request has none. */
  read(params: QueryParameters): ConditionGroup | null {
    const bracketed = params.tree(ROOT);
    if (!params.has(ROOT)) return bracketed === undefined ? null : this.group(ROOT, bracketed, 1);
    if (bracketed !== undefined) {
      this.problems.add(`${ROOT}: send the criteria either as JSON in ${ROOT} or as ${ROOT}[...] parameters, not both`);
      return null;
    }
    const text = params.single(ROOT);
    if (text === undefined) return null;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.problems.add(`${ROOT} must be JSON ({"criteria": [...], "logic": "AND"}), got ${quoted(text)}`);
      return null;
    }
    const depth = parameterDepthLimit({ maxCriteriaDepth: this.maxDepth });
    const unreadable = inputProblemMessage(json, { maxDepth: depth }, 'brackets', { named: ROOT });
    if (unreadable !== null) {
      this.problems.add(unreadable);
      return null;
    }
    const tree = fromJson(json);
    if (tree === undefined || !isParameterObject(tree)) {
      this.problems.add(`${ROOT} must be a JSON object of criteria and logic, with texts, numbers or lists as values`);
      return null;
    }
    return this.group(ROOT, tree, 1);
  }

  private unknownKeys(name: string, tree: ParameterObject, known: readonly string[]): boolean {
    const unknown = Object.keys(tree).filter((key) => !known.includes(key));
    for (const key of unknown)
      this.problems.add(`${name}[${key}] is not a SearchBuilder parameter; expected ${listed(known)}`);
    return unknown.length > 0;
  }

  private group(name: string, tree: ParameterTree, depth: number): ConditionGroup | null {
    if (!isParameterObject(tree)) {
      this.problems.add(`${name} must be a group of criteria and logic`);
      return null;
    }
    if (depth > this.maxDepth) {
      this.problems.add({ code: 'table.criteria-too-deep', params: { name, max: this.maxDepth } });
      return null;
    }
    if (this.unknownKeys(name, tree, GROUP_KEYS)) return null;
    const logicText = tree.logic ?? 'AND';
    const logic = typeof logicText === 'string' ? logicText.toUpperCase() : undefined;
    if (logic !== 'AND' && logic !== 'OR') {
      this.problems.add(`${name}[logic] must be AND or OR, got ${quoted(String(logicText))}`);
      return null;
    }
    const items = tree.criteria === undefined ? [] : listItems(tree.criteria);
    if (!items) {
      this.problems.add(`${name}[criteria] must be a list (${name}[criteria][0], ${name}[criteria][1], ...)`);
      return null;
    }
    const members: ConditionNode[] = [];
    for (const [index, item] of items.entries()) {
      const member = this.member(`${name}[criteria][${index}]`, item, depth);
      if (member) members.push(member);
    }
    return { logic: logic === 'OR' ? 'or' : 'and', members };
  }

  private member(name: string, tree: ParameterTree, depth: number): ConditionNode | null {
    if (isParameterObject(tree) && ('criteria' in tree || 'logic' in tree)) return this.group(name, tree, depth + 1);
    if (!isParameterObject(tree)) {
      this.problems.add(`${name} must be a criterion (condition, origData, value) or a group (criteria, logic)`);
      return null;
    }
    if (this.unknownKeys(name, tree, CRITERION_KEYS)) return null;
    const text = (key: string): string | undefined => {
      const value = tree[key];
      if (value === undefined || typeof value === 'string') return value;
      this.problems.add(`${name}[${key}] must be one text`);
      return undefined;
    };
    const condition = text('condition');
    const origData = text('origData');
    text('type');
    text('data');
    if (!condition) return null;
    if (!Object.hasOwn(SEARCH_BUILDER_CONDITIONS, condition)) {
      this.problems.add(
        `${name}[condition] must be one of ${listed(Object.keys(SEARCH_BUILDER_CONDITIONS))}, got ${quoted(condition)}`,
      );
      return null;
    }
    const values = this.values(name, tree);
    if (values === undefined) return null;
    const taken = valuesTaken(SEARCH_BUILDER_CONDITIONS[condition]!);
    const needed = taken === 'list' ? 1 : taken;
    if (values.slice(0, needed).some((value) => value.trim() === '') || values.length < needed) return null;
    if (!origData) {
      this.problems.add(`${name}[origData] is required: the field the criterion searches (the column's data)`);
      return null;
    }
    if (!this.counted(name)) return null;
    const path = origData.replaceAll('.', '__');
    return this.conditions.read(name, path, condition, values.slice(0, needed), SEARCH_BUILDER_CONDITIONS) ?? null;
  }

  /** The criterion's values: `value` (a list) or `value1` and `value2`. */
  private values(name: string, tree: ParameterObject): string[] | undefined {
    const sent =
      tree.value !== undefined
        ? listItems(tree.value)
        : [tree.value1, tree.value2].filter((value) => value !== undefined);
    if (!sent || !sent.every((value): value is string => typeof value === 'string')) {
      this.problems.add(`${name}[value] must be a list of texts`);
      return undefined;
    }
    const checked = sent.map((value, index) => readText(this.problems, `${name}[value][${index}]`, value));
    return checked.every((value): value is string => value !== undefined) ? checked : undefined;
  }
}
