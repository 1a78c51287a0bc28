import { applyDecorators, Get, HttpCode, Post, SetMetadata, UseInterceptors } from '@nestjs/common';
import { DatabaseUnavailableInterceptor } from '../../common/database-unavailable.interceptor.js';
import { AnswersWithTrailingSlash } from '../../common/answers-with-trailing-slash.decorator.js';
import { ApiDocs } from '../../common/api-docs.decorator.js';
import { DATA_TABLE_EXPORT_OPTIONS, type DataTableOptions, EXPORT_FORMATS, EXPORT_VALUES } from '../model/index.js';
import { DataTablesExportInterceptor } from './datatables-export.interceptor.js';

/** The route of an export: `options.export.path`, `export` by default. */
export function exportPath(options: Pick<DataTableOptions, 'export'>): string {
  return options.export?.path ?? 'export';
}

const exportApiDocs = (options: DataTableOptions, method: 'GET' | 'POST') =>
  ApiDocs(({ ApiQuery, ApiOkResponse, ApiBadRequestResponse, ApiProduces }) => {
    const formats = options.export?.formats ?? [...EXPORT_FORMATS];
    const where = method === 'GET' ? 'query string' : 'body';
    return [
      ApiProduces('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      ...(method === 'GET'
        ? [
            ApiQuery({ name: 'format', required: true, schema: { type: 'string', enum: formats } }),
            ApiQuery({
              name: 'bom',
              required: false,
              schema: { type: 'boolean' },
              description: 'CSV: start with a UTF-8 byte order mark, for Excel (default: with shown values)',
            }),
            ApiQuery({
              name: 'fields',
              required: false,
              schema: { type: 'string' },
              description: 'Comma-separated row paths: the columns, in order',
            }),
            ApiQuery({
              name: 'values',
              required: false,
              schema: { type: 'string', enum: [...EXPORT_VALUES] },
              description: "shown: each cell as the table shows it (the default); raw: the list's values",
            }),
            ApiQuery({
              name: 'totals',
              required: false,
              schema: { type: 'boolean' },
              description: "End with a totals row of the table's aggregates (default: export.totals)",
            }),
            ...(
              [
                ['date_format', 'Shown values: Luxon tokens of dates (default: the module dateFormat)'],
                ['datetime_format', 'Shown values: Luxon tokens of date-times (default: the module datetimeFormat)'],
                ['timezone', 'Shown values: the IANA zone of date-times (default: the module timezone)'],
                ['yes', 'Shown values: the word of true (default: dataTables.texts.yes)'],
                ['no', 'Shown values: the word of false (default: dataTables.texts.no)'],
                ['totals_label', 'The first cell of the totals row (default: dataTables.texts.totals)'],
              ] as const
            ).map(([name, description]) =>
              ApiQuery({ name, required: false, schema: { type: 'string', maxLength: 64 }, description }),
            ),
          ]
        : []),
      ApiOkResponse({
        description: `Every row the list's parameters (in the ${where}: search, filters, ordering; paging ignored) match, as a file download`,
      }),
      ApiBadRequestResponse({ description: 'A parameter is invalid, or more rows match than export.maxRows allows' }),
    ];
  });

/**
 * Serves the export of a data-table list on the method it decorates: declares the route
 * (`GET <options.export.path>`, `export` by default, relative to the controller like any `@Get`;
 * `method: 'POST'` for the POST form, parameters in the body) and answers every row of the list
 * request as a CSV or XLSX download. The method returns the same base query as the list, under
 * the same options and the same permission decorators.
 */
export function DataTableExport<T extends object = object>(
  options: DataTableOptions<T> = {},
  method: 'GET' | 'POST' = 'GET',
): MethodDecorator {
  const path = exportPath(options as DataTableOptions);
  return applyDecorators(
    method === 'POST' ? Post(path) : Get(path),
    SetMetadata(DATA_TABLE_EXPORT_OPTIONS, options),
    HttpCode(200),
    UseInterceptors(DatabaseUnavailableInterceptor, DataTablesExportInterceptor),
    AnswersWithTrailingSlash(),
    exportApiDocs(options as DataTableOptions, method),
  );
}
