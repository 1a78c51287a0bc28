// DataTables' search extensions (SearchBuilder, SearchPanes, ColumnControl) add their state to the
// request DataTables hands the `ajax` function; these functions carry it to the list endpoint in the
// shapes @DataTable reads, and carry the extensions' part of the answer back.
import {
  columnFieldName,
  isPlain,
  listOf,
  textOf,
  type DataTableRequestParams,
  type DataTablesAjaxColumn,
  type Plain,
  type WidgetLibColumn,
} from '../core/index.js';
import { escapeHtml } from '../../escape.js';

/** What the extensions add to DataTables' request (each only when it runs on the table). */
export interface DataTablesExtensionsData {
  columns?: ReadonlyArray<DataTablesAjaxColumn & { columnControl?: unknown }>;
  searchBuilder?: unknown;
  searchPanes?: unknown;
  searchPanes_null?: unknown;
  searchPanes_options?: unknown;
}

/** The server field of each column's data source (`columns[i].data`), for the extensions that name a column by it. */
function fieldsByDataSource(columns: DataTablesExtensionsData['columns']): Map<string, string> {
  const fields = new Map<string, string>();
  for (const column of columns ?? []) {
    const field = columnFieldName(column);
    if (typeof column.data === 'string' && field && !fields.has(column.data)) fields.set(column.data, field);
  }
  return fields;
}

/**
 * The parameters of the extensions that run on the table: SearchBuilder's criteria tree as one JSON
 * `searchBuilder` parameter, SearchPanes' selections and options (`searchPanes[field][i]`,
 * `searchPanes_null[field][i]`, `searchPanes_options[...]`), ColumnControl's searches and lists
 * (`columns[i][columnControl][...]` with `columns[i][name]`, the field they search). Fields are
 * named as the column filters name them: a column's `name`, else its `data` with `.` as `__`.
 */
export function extensionParams(dataTableParams: DataTablesExtensionsData): DataTableRequestParams {
  const fields = fieldsByDataSource(dataTableParams.columns);
  return {
    ...searchBuilderParams(dataTableParams.searchBuilder, fields),
    ...searchPanesParams(dataTableParams, fields),
    ...columnControlParams(dataTableParams.columns),
  };
}

/** A SearchBuilder group or criterion with what the server reads of it; null for an unfinished one. */
function searchBuilderNode(node: unknown, fields: ReadonlyMap<string, string>): Plain | null {
  if (!isPlain(node)) return null;
  if ('criteria' in node || 'logic' in node) {
    const criteria = listOf(node.criteria)
      .map((member) => searchBuilderNode(member, fields))
      .filter((member): member is Plain => member !== null);
    if (criteria.length === 0) return null;
    return { criteria, logic: textOf(node.logic) ?? 'AND' };
  }
  const condition = textOf(node.condition);
  const origData = textOf(node.origData);
  if (!condition || !origData) return null;
  const values = listOf(node.value)
    .map(textOf)
    .filter((value): value is string => value !== undefined);
  const type = textOf(node.type);
  return {
    condition,
    origData: fields.get(origData) ?? origData,
    ...(type === undefined ? {} : { type }),
    value: values,
  };
}

/**
 * SearchBuilder's tree as one JSON parameter, which keeps the URL short and the nesting as built
 * (bracket names would repeat `searchBuilder[criteria][i][criteria][j]...` for every value). A
 * criterion names its column by `origData`, the column's data source: it becomes the column's field.
 */
function searchBuilderParams(tree: unknown, fields: ReadonlyMap<string, string>): DataTableRequestParams {
  const root = searchBuilderNode(tree, fields);
  return root ? { searchBuilder: JSON.stringify(root) } : {};
}

function searchPanesParams(
  data: DataTablesExtensionsData,
  fields: ReadonlyMap<string, string>,
): DataTableRequestParams {
  const params: DataTableRequestParams = {};
  const selections = isPlain(data.searchPanes) ? data.searchPanes : {};
  const nulls = isPlain(data.searchPanes_null) ? data.searchPanes_null : {};
  for (const [source, selected] of Object.entries(selections)) {
    const field = fields.get(source) ?? source.replace(/\./g, '__');
    const isNull = listOf(nulls[source]);
    listOf(selected).forEach((value, index) => {
      const empty = value === null || value === undefined || isNull[index] === true || isNull[index] === 'true';
      params[`searchPanes[${field}][${index}]`] = empty ? '' : (textOf(value) ?? '');
      params[`searchPanes_null[${field}][${index}]`] = empty;
    });
  }
  if (isPlain(data.searchPanes_options)) {
    for (const [option, value] of Object.entries(data.searchPanes_options)) {
      if (['cascade', 'viewCount', 'viewTotal'].includes(option) && typeof value === 'boolean') {
        params[`searchPanes_options[${option}]`] = value;
      }
    }
  }
  return params;
}

/** ColumnControl's logics that need no value. */
const VALUELESS_LOGICS = ['empty', 'notEmpty'];

/**
 * ColumnControl sends a search for every column it controls, with an empty value when nothing is
 * typed: those are left out, as are empty lists. A column that searches, or that has a list (whose
 * options the endpoint may answer), gets `columns[i][name]`.
 */
function columnControlParams(columns: DataTablesExtensionsData['columns']): DataTableRequestParams {
  const params: DataTableRequestParams = {};
  (columns ?? []).forEach((column, index) => {
    if (!isPlain(column.columnControl)) return;
    const prefix = `columns[${index}][columnControl]`;
    let searches = false;
    const { search, list } = column.columnControl;
    if (isPlain(search)) {
      const value = textOf(search.value) ?? '';
      const logic = textOf(search.logic);
      if (value.trim() !== '' || (logic !== undefined && VALUELESS_LOGICS.includes(logic))) {
        searches = true;
        for (const key of ['value', 'logic', 'type', 'mask']) {
          const part = textOf(search[key]);
          if (part !== undefined) params[`${prefix}[search][${key}]`] = part;
        }
      }
    }
    listOf(list).forEach((value, item) => {
      searches = true;
      params[`${prefix}[list][${item}]`] = textOf(value) ?? '';
    });
    // A column with a list (ColumnControl's searchList adds `list`, empty while nothing is selected)
    // names its field, so that an endpoint declaring it answers the list's options.
    if (list !== undefined) searches = true;
    const field = columnFieldName(column);
    if (searches && field) params[`columns[${index}][name]`] = field;
  });
  return params;
}

/**
 * The answer's `searchPanes.options`, each also under the data source of the column it belongs to,
 * which SearchPanes looks them up by: the endpoint keys a pane by the field a selection named, or by
 * its path with `.` for `__` when nothing named it.
 */
function searchPanesAnswer(
  answer: unknown,
  fields: ReadonlyMap<string, string>,
  labels: ReadonlyMap<string, ReadonlyMap<string, string>>,
): unknown {
  if (!isPlain(answer) || !isPlain(answer.options)) return answer;
  const sent = answer.options;
  const options: Plain = { ...sent };
  for (const [source, field] of fields) {
    if (Object.hasOwn(options, source)) continue;
    const key = [field, field.replace(/__/g, '.')].find((candidate) => Object.hasOwn(sent, candidate));
    if (key !== undefined) options[source] = sent[key];
  }
  for (const [source, choices] of labels) {
    const list = options[source];
    if (!Array.isArray(list)) continue;
    options[source] = list.map((option: unknown) => {
      const label = isPlain(option) ? choices.get(String(option.value)) : undefined;
      // Escaped as the endpoint's labels are: SearchPanes writes them as HTML.
      return label === undefined ? option : { ...(option as Plain), label: escapeHtml(label) };
    });
  }
  return { ...answer, options };
}

/** The label of each value of the columns with `choices`, by the column's data source. */
export function choiceLabels(columns: readonly WidgetLibColumn[]): Map<string, Map<string, string>> {
  const labels = new Map<string, Map<string, string>>();
  for (const { data, choices } of columns) {
    if (typeof data === 'string' && choices?.length && !labels.has(data)) {
      labels.set(data, new Map(choices.map(([value, label]) => [String(value), label])));
    }
  }
  return labels;
}

/**
 * The answer as the extensions read it (`json.searchPanes.options[dataSource]`,
 * `json.columnControl[name or dataSource]`): SearchPanes' options and ColumnControl's lists named
 * by field are also given under the data source of the column they belong to. A pane of a column
 * with `choices` shows their labels (`labels`, by data source: the page's language), as its cells do.
 */
export function extensionAnswer<T extends object>(
  envelope: T,
  columns: DataTablesExtensionsData['columns'],
  labels: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(),
): T {
  const fields = fieldsByDataSource(columns);
  let answer = envelope;
  if ('searchPanes' in answer)
    answer = { ...answer, searchPanes: searchPanesAnswer(answer.searchPanes, fields, labels) };
  if ('columnControl' in answer)
    answer = { ...answer, columnControl: columnControlAnswer(answer.columnControl, fields) };
  return answer;
}

/**
 * The answer's `columnControl` lists, each also under the data source of the column it belongs to:
 * the endpoint keys a list by the field the request named (`columns[i][name]`), ColumnControl looks
 * it up by the column's `name`, then its data source.
 */
function columnControlAnswer(answer: unknown, fields: ReadonlyMap<string, string>): unknown {
  if (!isPlain(answer)) return answer;
  const lists: Plain = { ...answer };
  for (const [source, field] of fields) {
    if (!Object.hasOwn(lists, source) && Object.hasOwn(answer, field)) lists[source] = answer[field];
  }
  return lists;
}
