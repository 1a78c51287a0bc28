import type { ObjectLiteral } from 'typeorm';
import { and, type TableQuerySetup } from '../../sql/index.js';
import {
  type DeclaredChoiceLabels,
  type ColumnControlListRequest,
  type ConditionNode,
  isConditionGroup,
  type TableRequest,
} from '../../model/index.js';
import { PaneOptionsQuery, type RawOption } from '../search-panes/index.js';

/** The options of one ColumnControl list: the values as the entity holds them (null: no value). */
export interface ColumnControlOptions {
  list: ColumnControlListRequest;
  values: unknown[];
  /** Whether the list has more values than answered. */
  truncated: boolean;
}

/** The query parameter a condition came from (a group's: its first member's). */
function parameterOf(node: ConditionNode): string | undefined {
  return isConditionGroup(node) ? node.members[0] && parameterOf(node.members[0]) : node.parameter;
}

/**
 * What a cascading list's values are read under: every condition of the request but the list's
 * own column searches (`columns[i][columnControl]` of its columns), so that its other values stay
 * selectable, as a SearchPanes pane leaves out its own selection.
 */
function cascadeCondition<T extends ObjectLiteral>(
  setup: TableQuerySetup<T>,
  request: TableRequest,
  list: ColumnControlListRequest,
): string | null {
  const own = list.columns.map((index) => `columns[${index}][columnControl]`);
  const filters = setup.requestConditions.slice(0, request.filters.length);
  const conditions = request.conditions
    .filter((node) => !own.some((prefix) => parameterOf(node)?.startsWith(prefix)))
    .map((node) => setup.writer.condition(node));
  const search = setup.writer.search(request.searchTerms, request.searchFields);
  return and([...filters, ...conditions, search, ...setup.selections.map((selection) => selection.condition)]);
}

/**
 * The options of the ColumnControl lists a request asks for: a path with `choices` lists them (no
 * statement); any other path the distinct values of the base query's rows (of those matching the
 * request's other conditions when the list cascades), at most `limit`: those with the most rows,
 * in value order, as a SearchPanes pane picks them ({@link PaneOptionsQuery}). The statements are
 * written at once (they bind parameters in order) and run concurrently.
 */
export function readColumnControlOptions<T extends ObjectLiteral>(
  setup: TableQuerySetup<T>,
  request: TableRequest,
  choices: ReadonlyMap<string, DeclaredChoiceLabels>,
): Promise<ColumnControlOptions[]> | null {
  const lists = request.columnControlLists ?? [];
  if (lists.length === 0) return null;
  const { sql, writer, scope, repeatsRows, run } = setup;
  const answers = lists.map((list): Promise<ColumnControlOptions> => {
    const labels = choices.get(list.path);
    if (labels) {
      const values = [...labels.keys()];
      return Promise.resolve({ list, values: values.slice(0, list.limit), truncated: values.length > list.limit });
    }
    const condition = list.cascade ? cascadeCondition(setup, request, list) : null;
    const listed = condition === null ? scope : scope.clone().andWhere(condition);
    const query = new PaneOptionsQuery(sql, writer, listed, repeatsRows);
    const statement = query.statement(list.path, null, list.limit);
    return run(statement, (built) => built.getRawMany<RawOption>()).then((rows) => {
      const { options, truncated } = query.read(list.path, rows, list.limit);
      return { list, values: options.map((option) => option.value), truncated };
    });
  });
  return Promise.all(answers);
}
