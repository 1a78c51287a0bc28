import { listed, quoted, type RequestProblems } from '../datatables/internal.js';

const GROUP_KEYS = ['logic', 'criteria'];
const CRITERION_KEYS = ['condition', 'data', 'origData', 'type', 'value', 'value1', 'value2'];

export interface SavedCriterion {
  condition?: string;
  /** The column's title, as SearchBuilder shows it (matched as text). */
  data?: string;
  origData?: string;
  type?: string;
  value?: string[];
  value1?: string;
  value2?: string;
}

export interface SavedCriteriaGroup {
  logic?: 'AND' | 'OR';
  criteria?: Array<SavedCriterion | SavedCriteriaGroup>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * SearchBuilder's state (`getDetails()`) in the only shape it may take in a saved view: groups of
 * `logic` and `criteria`, criteria of text fields and a list of values, at most `maxDepth` groups
 * deep. Whether the criteria are allowed on the table is the request parser's to say.
 */
export function parseSavedSearchBuilder(
  value: unknown,
  problems: RequestProblems,
  maxDepth: number,
  where = 'state.searchBuilder',
  depth = 1,
): SavedCriteriaGroup | undefined {
  if (!isObject(value)) {
    problems.add(`${where} must be an object`);
    return undefined;
  }
  if (depth > maxDepth) {
    problems.add(`${where}: SearchBuilder groups nest at most ${maxDepth} deep`);
    return undefined;
  }
  unknownKeys(value, GROUP_KEYS, where, problems);
  const group: SavedCriteriaGroup = {};
  if (value.logic !== undefined) {
    if (value.logic !== 'AND' && value.logic !== 'OR') problems.add(`${where}.logic must be "AND" or "OR"`);
    else group.logic = value.logic;
  }
  if (value.criteria === undefined) return group;
  if (!Array.isArray(value.criteria)) {
    problems.add(`${where}.criteria must be an array`);
    return group;
  }
  group.criteria = value.criteria.flatMap((entry: unknown, index) => {
    const at = `${where}.criteria[${index}]`;
    const read =
      isObject(entry) && 'criteria' in entry
        ? parseSavedSearchBuilder(entry, problems, maxDepth, at, depth + 1)
        : criterion(entry, at, problems);
    return read ? [read] : [];
  });
  return group;
}

function criterion(value: unknown, where: string, problems: RequestProblems): SavedCriterion | undefined {
  if (!isObject(value)) {
    problems.add(`${where} must be an object`);
    return undefined;
  }
  unknownKeys(value, CRITERION_KEYS, where, problems);
  const read: SavedCriterion = {};
  for (const key of ['condition', 'data', 'origData', 'type', 'value1', 'value2'] as const) {
    const text = value[key];
    if (text === undefined) continue;
    if (typeof text !== 'string') problems.add(`${where}.${key} must be a string`);
    else read[key] = text;
  }
  if (value.value !== undefined) {
    const values = value.value;
    if (!Array.isArray(values) || !values.every((item) => typeof item === 'string' || typeof item === 'number')) {
      problems.add(`${where}.value must be a list of values`);
    } else read.value = values.map(String);
  }
  return read;
}

function unknownKeys(value: Record<string, unknown>, allowed: string[], where: string, problems: RequestProblems) {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) problems.add(`${where}: ${quoted(key)} is not allowed; allowed: ${listed(allowed)}`);
  }
}
