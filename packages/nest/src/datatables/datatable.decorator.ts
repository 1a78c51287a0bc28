import { applyDecorators, HttpCode, SetMetadata, UseInterceptors } from '@nestjs/common';
import { DatabaseUnavailableInterceptor } from '../common/database-unavailable.interceptor.js';
import { AnswersWithTrailingSlash } from '../common/answers-with-trailing-slash.decorator.js';
import { ApiDocs } from '../common/api-docs.decorator.js';
import {
  DATA_TABLE_OPTIONS,
  type DataTableOptions,
  DEFAULT_TABLE_REQUEST_LIMITS,
  MAX_TEXT_LENGTH,
  filterParameterName,
  type Lookup,
} from './model/index.js';
import { DataTablesListInterceptor } from './datatables-list.interceptor.js';

const LOOKUP_DESCRIPTIONS: Record<Lookup, string> = {
  exact: 'equal to the value',
  icontains: 'contains the text, ignoring case',
  gte: 'greater than or equal to the value',
  lte: 'less than or equal to the value',
  in: `one of the comma-separated values (at most the endpoint's limits.maxInValues, ${DEFAULT_TABLE_REQUEST_LIMITS.maxInValues} by default)`,
  range: '<from>,<to>, inclusive, either side may be empty (a date bound of a date-time covers the whole day)',
  isnull: 'true: has no value; false: has one',
};

/** The query parameters and the envelope of a data-table endpoint, for OpenAPI. */
function dataTableApiDocs(
  options: Pick<DataTableOptions, 'searchFields' | 'orderingFields' | 'filters' | 'panes'>,
): MethodDecorator {
  return ApiDocs(({ ApiQuery, ApiOkResponse, ApiBadRequestResponse }) => {
    const query = (name: string, type: 'integer' | 'string', description: string) =>
      ApiQuery({ name, required: false, schema: { type }, description });
    const decorators = [
      query('limit', 'integer', 'Rows per page (clamped to the maximum page size; -1: all rows when allowed)'),
      query(
        'offset',
        'integer',
        "Index of the first row (>= 0; at most the endpoint's limits.maxOffset when it sets one, no limit by default)",
      ),
      query(
        'cursor',
        'string',
        "Keyset mode: empty for the first page, then the answer's next (null after the last page); " +
          'sent with the same other parameters, without offset',
      ),
      query('page', 'integer', 'Page number (>= 1), with page_size; not with limit/offset'),
      query('page_size', 'integer', 'Rows per page with page'),
      query('draw', 'integer', 'Request counter echoed in the answer (>= 0; 1 when absent)'),
    ];
    if (options.searchFields?.length) {
      decorators.push(
        query(
          'search',
          'string',
          `Terms separated by white space, each found (ignoring case) in one of: ${options.searchFields.join(', ')}; ` +
            `at most ${MAX_TEXT_LENGTH} characters and the endpoint's limits.maxSearchTerms terms ` +
            `(${DEFAULT_TABLE_REQUEST_LIMITS.maxSearchTerms} by default)`,
        ),
      );
    }
    if (options.orderingFields?.length) {
      decorators.push(
        query(
          'ordering',
          'string',
          `Comma-separated fields, each may start with - (descending): ${options.orderingFields.join(', ')}`,
        ),
      );
    }
    if (Object.keys(options.filters ?? {}).length > 0) {
      decorators.push(
        query(
          'searchBuilder',
          'string',
          'SearchBuilder criteria as JSON, e.g. {"logic":"AND","criteria":[{"condition":"=","origData":"year","value":["1999"]}]}; ' +
            'fields and conditions as the filters allow (DataTables also sends them as searchBuilder[criteria][i][...])',
        ),
      );
    }
    for (const [path, lookups] of Object.entries(options.filters ?? {})) {
      for (const lookup of lookups) {
        decorators.push(
          query(filterParameterName(path, lookup), 'string', `Filter: ${path} ${LOOKUP_DESCRIPTIONS[lookup]}`),
        );
      }
    }
    for (const path of options.panes ?? []) {
      const field = path.replaceAll('__', '.');
      decorators.push(
        query(
          `searchPanes[${field}][<i>]`,
          'string',
          `SearchPanes: selected value i (0, 1, ...) of the ${path} pane, an option's value; with ` +
            `searchPanes_null[${field}][<i>]=true, the empty option. Answers searchPanes.options too`,
        ),
      );
    }
    if (options.panes?.length) {
      decorators.push(
        query(
          'searchPanes_options[viewTotal]',
          'string',
          'SearchPanes sends it (with cascade and viewCount, true or false): the answer carries searchPanes.options',
        ),
      );
    }
    decorators.push(
      ApiOkResponse({
        description: 'One page of rows with the counts DataTables expects',
        schema: {
          type: 'object',
          required: ['data', 'recordsTotal', 'recordsFiltered', 'draw'],
          properties: {
            data: { type: 'array', items: { type: 'object' } },
            recordsTotal: { type: 'integer', description: 'Rows of the endpoint before filters and search' },
            recordsFiltered: { type: 'integer', description: 'Rows after filters and search' },
            draw: { type: 'integer', description: 'The request draw' },
            next: {
              type: 'string',
              nullable: true,
              description:
                'Present in keyset mode (the request sent cursor): the cursor of the next page, null after the last',
            },
            counts: {
              type: 'object',
              description: 'Present when a count is not exact: what each count is',
              properties: {
                recordsTotal: { type: 'string', enum: ['exact', 'estimated', 'capped'] },
                recordsFiltered: { type: 'string', enum: ['exact', 'estimated', 'capped'] },
              },
            },
            searchPanes: {
              type: 'object',
              description:
                'Present when the request comes from SearchPanes: options, by pane, of { label (HTML-escaped), ' +
                'value (null: the empty option), total (rows of the endpoint), count (rows matching the ' +
                "request but the pane's own selection) }; truncated: the panes with more values than answered",
            },
          },
        },
      }),
      ApiBadRequestResponse({
        description: 'A parameter is invalid; the message names it and what is allowed, draw is echoed',
      }),
    );
    return decorators;
  });
}

/**
 * Turns a handler that returns a TypeORM `SelectQueryBuilder` or `Repository` into a DataTables
 * server-side endpoint: the request's paging, search, ordering and filters are applied and the
 * answer is `{ data, recordsTotal, recordsFiltered, draw }`. On a GET route the parameters are the
 * query string's; on a POST route (`@Post('query')`), the same parameters in the body, form-encoded
 * or JSON. Either way the answer is a 200: the POST is a read.
 */
export function DataTable<T extends object = object>(options: DataTableOptions<T> = {}): MethodDecorator {
  return applyDecorators(
    SetMetadata(DATA_TABLE_OPTIONS, options),
    HttpCode(200),
    UseInterceptors(DatabaseUnavailableInterceptor, DataTablesListInterceptor),
    AnswersWithTrailingSlash(),
    dataTableApiDocs(options),
  );
}
