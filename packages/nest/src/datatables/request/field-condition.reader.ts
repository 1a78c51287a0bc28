import type { FilterValueParser } from './filter-value.parser.js';
import {
  listed,
  quoted,
  type RequestProblems,
  type FieldCondition,
  type FieldKind,
  type Lookup,
  type Predicate,
  type TableRequestContext,
} from '../model/index.js';

/** What a SearchBuilder condition or a ColumnControl logic asks of one field. */
export type FieldOperation =
  | 'equals'
  | 'notEquals'
  | 'equalsIgnoringCase'
  | 'notEqualsIgnoringCase'
  | 'contains'
  | 'notContains'
  | 'starts'
  | 'notStarts'
  | 'ends'
  | 'notEnds'
  | 'less'
  | 'lessOrEqual'
  | 'greater'
  | 'greaterOrEqual'
  | 'between'
  | 'notBetween'
  | 'empty'
  | 'notEmpty'
  | 'oneOf';

/** The kinds of field an operation applies to: texts, ordered values (numbers, dates), or any. */
type Applies = 'text' | 'ordered' | 'any';

interface OperationRule {
  applies: Applies;
  /** The column-filter lookups that allow it: any one of these sets, all of the set. */
  lookups: readonly (readonly Lookup[])[];
  /** How many values it takes: none, one, two, or a list of one or more. */
  values: 0 | 1 | 2 | 'list';
  negated: boolean;
}

const EQUALITY: readonly (readonly Lookup[])[] = [['exact'], ['in']];
const TEXT: readonly (readonly Lookup[])[] = [['icontains']];
const RANGE: readonly (readonly Lookup[])[] = [['range'], ['gte', 'lte']];

const RULES: Readonly<Record<FieldOperation, OperationRule>> = {
  equals: { applies: 'any', lookups: EQUALITY, values: 1, negated: false },
  notEquals: { applies: 'any', lookups: EQUALITY, values: 1, negated: true },
  equalsIgnoringCase: { applies: 'text', lookups: TEXT, values: 1, negated: false },
  notEqualsIgnoringCase: { applies: 'text', lookups: TEXT, values: 1, negated: true },
  contains: { applies: 'text', lookups: TEXT, values: 1, negated: false },
  notContains: { applies: 'text', lookups: TEXT, values: 1, negated: true },
  starts: { applies: 'text', lookups: TEXT, values: 1, negated: false },
  notStarts: { applies: 'text', lookups: TEXT, values: 1, negated: true },
  ends: { applies: 'text', lookups: TEXT, values: 1, negated: false },
  notEnds: { applies: 'text', lookups: TEXT, values: 1, negated: true },
  less: { applies: 'ordered', lookups: [['lte'], ['range']], values: 1, negated: false },
  lessOrEqual: { applies: 'ordered', lookups: [['lte'], ['range']], values: 1, negated: false },
  greater: { applies: 'ordered', lookups: [['gte'], ['range']], values: 1, negated: false },
  greaterOrEqual: { applies: 'ordered', lookups: [['gte'], ['range']], values: 1, negated: false },
  between: { applies: 'ordered', lookups: RANGE, values: 2, negated: false },
  notBetween: { applies: 'ordered', lookups: RANGE, values: 2, negated: true },
  empty: { applies: 'any', lookups: [['isnull']], values: 0, negated: false },
  notEmpty: { applies: 'any', lookups: [['isnull']], values: 0, negated: true },
  oneOf: { applies: 'any', lookups: EQUALITY, values: 'list', negated: false },
};

const ORDERED_KINDS: readonly FieldKind[] = ['integer', 'number', 'date', 'datetime'];

/** Only a text has a case: on other fields an equality ignoring case is the plain one. */
function effective(operation: FieldOperation, kind: FieldKind): FieldOperation {
  if (kind === 'string') return operation;
  if (operation === 'equalsIgnoringCase') return 'equals';
  if (operation === 'notEqualsIgnoringCase') return 'notEquals';
  return operation;
}

function applies(rule: OperationRule, kind: FieldKind): boolean {
  if (rule.applies === 'text') return kind === 'string';
  if (rule.applies === 'ordered') return ORDERED_KINDS.includes(kind);
  return true;
}

/** How many values `operation` takes (see {@link OperationRule.values}). */
export function valuesTaken(operation: FieldOperation): 0 | 1 | 2 | 'list' {
  return RULES[operation].values;
}

/**
 * Reads SearchBuilder's and ColumnControl's conditions on one field into {@link FieldCondition}s,
 * under the column filters' allowlist: a path that is not filterable cannot be searched this way,
 * and each operation needs the lookup that would express it as a column filter (`contains` needs
 * `icontains`, `<` needs `lte`, `between` needs `range` or both `gte` and `lte`, `null` needs `isnull`).
 */
export class FieldConditionReader {
  constructor(
    private readonly problems: RequestProblems,
    private readonly values: FilterValueParser,
    private readonly context: Pick<TableRequestContext, 'fields' | 'filters'>,
  ) {}

  /**
   * The condition `operation` (named `word` in the protocol, whose words are `vocabulary`) asks of
   * `path` with `texts`, which hold the number of values the operation takes; a problem naming
   * `name` when the path, the operation or a value is not allowed.
   */
  read(
    name: string,
    path: string,
    word: string,
    texts: readonly string[],
    vocabulary: Readonly<Record<string, FieldOperation>>,
  ): FieldCondition | undefined {
    const { filters } = this.context;
    const allowed = Object.hasOwn(filters, path) ? filters[path]! : undefined;
    if (!allowed) {
      this.problems.add(`${name}: ${quoted(path)} cannot be searched; searchable: ${listed(Object.keys(filters))}`);
      return undefined;
    }
    const field = this.context.fields.get(path);
    if (!field) throw new Error(`The data table has no field type for ${path}`);
    const permitted = (operation: FieldOperation) => {
      const rule = RULES[effective(operation, field.kind)];
      return applies(rule, field.kind) && rule.lookups.some((set) => set.every((lookup) => allowed.includes(lookup)));
    };
    const operation = effective(vocabulary[word]!, field.kind);
    if (!permitted(operation)) {
      const words = Object.keys(vocabulary).filter((each) => permitted(vocabulary[each]!));
      this.problems.add(`${name}: ${path} cannot be searched with ${quoted(word)}; allowed for it: ${listed(words)}`);
      return undefined;
    }
    const predicate = this.predicate(name, operation, texts, field);
    return predicate && { parameter: name, path, predicate, negated: RULES[operation].negated };
  }

  private predicate(
    name: string,
    operation: FieldOperation,
    texts: readonly string[],
    field: Parameters<FilterValueParser['predicate']>[3],
  ): Predicate | undefined {
    const [first = '', second = ''] = texts;
    switch (operation) {
      case 'equals':
      case 'notEquals':
        return this.values.predicate(name, 'exact', first, field);
      case 'equalsIgnoringCase':
      case 'notEqualsIgnoringCase':
        return (
          this.values.predicate(name, 'icontains', first, field) && { kind: 'contains', text: first, anchor: 'whole' }
        );
      case 'contains':
      case 'notContains':
        return this.values.predicate(name, 'icontains', first, field);
      case 'starts':
      case 'notStarts':
        return (
          this.values.predicate(name, 'icontains', first, field) && { kind: 'contains', text: first, anchor: 'start' }
        );
      case 'ends':
      case 'notEnds':
        return (
          this.values.predicate(name, 'icontains', first, field) && { kind: 'contains', text: first, anchor: 'end' }
        );
      case 'less':
        return this.values.comparison(name, '<', first, field);
      case 'lessOrEqual':
        return this.values.comparison(name, '<=', first, field);
      case 'greater':
        return this.values.comparison(name, '>', first, field);
      case 'greaterOrEqual':
        return this.values.comparison(name, '>=', first, field);
      case 'between':
      case 'notBetween':
        return this.values.between(name, first, second, field);
      case 'empty':
      case 'notEmpty':
        return { kind: 'empty' };
      case 'oneOf':
        return this.values.oneOf(name, texts, field);
    }
  }
}
