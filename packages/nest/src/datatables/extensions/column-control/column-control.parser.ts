import {
  type FieldConditionReader,
  type FieldOperation,
  nativeColumnPath,
  type NativeColumn,
} from '../../request/index.js';
import { listed, quoted, type RequestProblems, type ConditionNode, type FieldCondition } from '../../model/index.js';

/** ColumnControl's search logics per input type, and what each asks of a field. */
export const COLUMN_CONTROL_LOGICS: Readonly<Record<string, Readonly<Record<string, FieldOperation>>>> = {
  text: {
    contains: 'contains',
    notContains: 'notContains',
    equal: 'equalsIgnoringCase',
    notEqual: 'notEqualsIgnoringCase',
    starts: 'starts',
    ends: 'ends',
    empty: 'empty',
    notEmpty: 'notEmpty',
  },
  num: {
    equal: 'equals',
    notEqual: 'notEquals',
    greater: 'greater',
    greaterOrEqual: 'greaterOrEqual',
    less: 'less',
    lessOrEqual: 'lessOrEqual',
    empty: 'empty',
    notEmpty: 'notEmpty',
  },
  date: {
    equal: 'equals',
    notEqual: 'notEquals',
    greater: 'greater',
    less: 'less',
    empty: 'empty',
    notEmpty: 'notEmpty',
  },
};

/** The date masks whose comparison is the value's own (a day, or a time to the minute or second). */
const SUPPORTED_MASKS = ['', 'YYYY-MM-DD', 'YYYY-MM-DD hh:mm', 'YYYY-MM-DD hh:mm:ss'];

/**
 * Reads ColumnControl's searches (DataTables 2.3 and 3): per column, an input search
 * (`columns[i][columnControl][search][value|logic|type|mask]`) and a list selection
 * (`columns[i][columnControl][list][j]`, one of the values; an empty value stands for no value).
 * A search without a value is no condition, as ColumnControl sends one for every column it controls.
 */
export class ColumnControlParser {
  constructor(
    private readonly problems: RequestProblems,
    private readonly conditions: FieldConditionReader,
    /** Counts one condition against the request's limit; false past it. */
    private readonly counted: (name: string) => boolean,
  ) {}

  read(columns: ReadonlyMap<number, NativeColumn>): ConditionNode[] {
    const found: ConditionNode[] = [];
    for (const [index, column] of columns) {
      const name = `columns[${index}][columnControl]`;
      if (!column.controlSearch && !column.controlList) continue;
      const path = nativeColumnPath(column);
      if (!path) {
        this.problems.add(`${name}: the column has neither data nor name, so it names no field`);
        continue;
      }
      const search = column.controlSearch && this.search(`${name}[search]`, path, column.controlSearch);
      if (search) found.push(search);
      const list = column.controlList && this.list(`${name}[list]`, path, column.controlList);
      if (list) found.push(list);
    }
    return found;
  }

  private search(
    name: string,
    path: string,
    search: NonNullable<NativeColumn['controlSearch']>,
  ): FieldCondition | null {
    const type = search.type ?? 'text';
    const logics = Object.hasOwn(COLUMN_CONTROL_LOGICS, type) ? COLUMN_CONTROL_LOGICS[type]! : undefined;
    if (!logics) {
      this.problems.add(
        `${name}[type] must be one of ${listed(Object.keys(COLUMN_CONTROL_LOGICS))}, got ${quoted(type)}`,
      );
      return null;
    }
    const logic = search.logic ?? 'contains';
    if (!Object.hasOwn(logics, logic)) {
      this.problems.add(
        `${name}[logic] must be one of ${listed(Object.keys(logics))} for ${type}, got ${quoted(logic)}`,
      );
      return null;
    }
    if (search.mask !== undefined && !SUPPORTED_MASKS.includes(search.mask)) {
      this.problems.add(
        `${name}[mask]: only ${listed(SUPPORTED_MASKS.filter(Boolean))} are supported, got ${quoted(search.mask)}`,
      );
      return null;
    }
    const value = search.value ?? '';
    const takesValue = logics[logic] !== 'empty' && logics[logic] !== 'notEmpty';
    if (takesValue && value.trim() === '') return null;
    if (!this.counted(name)) return null;
    return this.conditions.read(name, path, logic, takesValue ? [value] : [], logics) ?? null;
  }

  private list(name: string, path: string, values: readonly string[]): ConditionNode | null {
    if (values.length === 0 || !this.counted(name)) return null;
    const present = values.filter((value) => value !== '');
    const members: FieldCondition[] = [];
    const vocabulary = { list: 'oneOf', empty: 'empty' } as const;
    if (present.length > 0) {
      const oneOf = this.conditions.read(name, path, 'list', present, vocabulary);
      if (!oneOf) return null;
      members.push(oneOf);
    }
    if (present.length < values.length) {
      const empty = this.conditions.read(name, path, 'empty', [], vocabulary);
      if (!empty) return null;
      members.push(empty);
    }
    return members.length === 1 ? members[0]! : { logic: 'or', members };
  }
}
