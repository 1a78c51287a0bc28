import type { DataTableServerTexts } from '../../widgetlib.options.js';
import {
  Injectable,
  InternalServerErrorException,
  Logger,
  StreamableFile,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DateTime } from 'luxon';
import { PassThrough } from 'node:stream';
import { from, mergeMap, type Observable } from 'rxjs';
import type { EntityMetadata, ObjectLiteral } from 'typeorm';
import { asHttpError } from '../../common/errors/http-error.mapping.js';
import { abortResponse, onResponseAborted, type HttpRequest } from '../../common/http-platform.reader.js';
import { DateFormatsService } from '../../dates/date-formats.service.js';
import { dataTableTexts, InjectWidgetLibConfig, type WidgetLibConfig } from '../../widgetlib.config.js';
import { languageText, readerLanguages, messageLanguage } from '../../common/messages/index.js';
import {
  choiceLabelsIn,
  DATA_TABLE_EXPORT_OPTIONS,
  type DataTableOptions,
  TableRequestError,
  TableTimeoutError,
  type Lookup,
  type TableRequest,
  filterParameterName,
} from '../model/index.js';
import { resolveFieldPath, handlerBaseQuery, StatementTimeoutError } from '../sql/index.js';
import { rowDateFields, serializeRow, type RowDateFields } from '../rows/index.js';
import { readTableRequest } from '../table-request.reader.js';
import { DataTableCounts, listReadSource } from '../counting/index.js';
import { type PreparedTable, PreparedTables, tablePreparation } from '../preparation/index.js';
import { attachmentDisposition, exportFileName } from './content-disposition.writer.js';
import type { ColumnKind, ExportValues } from './export-cell.writer.js';
import { exportColumns } from './export-columns.reader.js';
import { writeExportFile } from './export-file.writer.js';
import { parseExportRequest, type ExportRequest } from './export-request.parser.js';
import { startRowWalk } from './export-rows.query.js';
import { readExportTotals } from './export-totals.query.js';
import { totalsCells } from './export-totals.writer.js';
import { resolveExportSettings, type ExportSettings } from '../model/index.js';
import type { AggregateColumn } from '../aggregates/index.js';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

interface PreparedExport {
  table: PreparedTable;
  settings: ExportSettings;
}

/** The list's column filter parameters, which keep their names in an export's request. */
function listParameterNames(filters: Readonly<Record<string, readonly Lookup[]>>): Set<string> {
  return new Set(
    Object.entries(filters).flatMap(([path, lookups]) => lookups.map((lookup) => filterParameterName(path, lookup))),
  );
}

/** The columns with declared aggregates, or null when the table declares none. */
function aggregatedColumns(table: PreparedTable): AggregateColumn[] | null {
  const columns = [...(table.aggregates?.own ?? []), ...(table.aggregates?.toMany.flat() ?? [])];
  return columns.length > 0 ? columns : null;
}

/**
 * Applied by `@DataTableExport`: answers every row the list request matches over the handler's
 * base query as a CSV or XLSX download, streamed chunk by chunk.
 */
@Injectable()
export class DataTablesExportInterceptor implements NestInterceptor {
  private readonly logger = new Logger('DataTableExport');
  private readonly exports: PreparedTables<PreparedExport>;
  private readonly dates: RowDateFields;

  constructor(
    private readonly reflector: Reflector,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
    formats: DateFormatsService,
    private readonly counts: DataTableCounts,
  ) {
    this.dates = rowDateFields(formats);
    const prepareList = tablePreparation(config);
    this.exports = new PreparedTables<PreparedExport>(this.logger, '@DataTableExport', (options, metadata) => {
      const list = prepareList(options, metadata);
      const exported = resolveExportSettings(options.export, config.dataTables.export, metadata.tableName);
      if (list.value === null || !exported.settings) {
        return { value: null, problems: [...list.problems, ...exported.problems] };
      }
      if (exported.settings.totals && !aggregatedColumns(list.value))
        return { value: null, problems: ['export.totals needs the table to declare aggregates'] };
      return { value: { table: list.value, settings: exported.settings }, problems: [] };
    });
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<DataTableOptions | undefined>(DATA_TABLE_EXPORT_OPTIONS, context.getHandler());
    if (!options) return next.handle();
    const endpoint = `${context.getClass().name}.${context.getHandler().name}`;
    const http = context.switchToHttp();
    const request = http.getRequest<HttpRequest>();
    const response = http.getResponse<unknown>();
    return next
      .handle()
      .pipe(mergeMap((result: unknown) => from(this.answer(result, options, request, response, endpoint))));
  }

  private async answer(
    result: unknown,
    options: DataTableOptions,
    request: HttpRequest,
    response: unknown,
    endpoint: string,
  ): Promise<StreamableFile> {
    const base = handlerBaseQuery(result);
    if (!base) {
      this.logger.error(
        `${endpoint} returned ${typeof result}; a @DataTableExport handler returns a SelectQueryBuilder or a Repository`,
      );
      throw new InternalServerErrorException();
    }
    const metadata = base.expressionMap.mainAlias!.metadata;
    const { table, settings } = this.exports.get(options, metadata, endpoint);
    const { tableRequest, exportRequest } = this.parse(request, table, settings);
    const totalled = exportRequest.totals ?? settings.totals;
    const aggregated = aggregatedColumns(table);
    if (totalled && !aggregated) {
      throw new TableRequestError(
        ['totals: this table declares no aggregates, so its export has no totals row'],
        undefined,
      );
    }
    const readSource = await listReadSource(this.counts, base, table.paths);
    const walk = await this.guarded(() =>
      startRowWalk(base, tableRequest, table.paths, table.statementTimeout, settings.chunkSize, readSource),
    );
    if (walk.matched > settings.maxRows) {
      await walk.chunks.return();
      throw new TableRequestError(
        [
          `the export would hold ${walk.matched} rows; at most ${settings.maxRows} are allowed (export.maxRows): narrow the search or the filters`,
        ],
        undefined,
      );
    }
    const totalValues = totalled
      ? await this.guarded(() =>
          readExportTotals(
            base,
            tableRequest,
            table.paths,
            table.statementTimeout,
            table.aggregates!,
            readSource,
          ).catch(async (error: unknown) => {
            await walk.chunks.return();
            throw error;
          }),
        )
      : null;
    // Before the first chunk is read: from there until the file is written, nothing may fail and
    // leave the walk open (on SQLite, its snapshot table).
    const languages = await readerLanguages(this.config, request);
    const texts = dataTableTexts(this.config, messageLanguage(languages));
    const rows = this.serialisedChunks(walk.chunks, options, request, metadata);
    const first = await this.guarded(() => rows.next());
    const firstRows = first.done ? [] : first.value;
    const declared = settings.columns?.map(({ data, title }) => ({ data, title: languageText(title, languages) }));
    const labels = choiceLabelsIn(table.choices, languages);
    const columns = exportColumns(exportRequest.fields, declared ?? null, firstRows[0], (data) =>
      this.columnKind(metadata, data),
    ).map((column) => {
      const choices = labels.get(column.data.replaceAll('.', '__'));
      return choices ? { ...column, choices } : column;
    });
    const values = this.values(exportRequest, settings, texts);
    const totals =
      totalValues && aggregated
        ? totalsCells(columns, aggregated, totalValues, exportRequest.shown.totalsLabel ?? texts.totals)
        : null;
    const output = new PassThrough();
    onResponseAborted(response, () => output.destroy());
    async function* all() {
      if (firstRows.length > 0) yield firstRows;
      if (!first.done) yield* rows;
    }
    const shape = {
      format: exportRequest.format,
      columns,
      bom: exportRequest.bom ?? settings.bom ?? values.mode === 'shown',
      sheetName: settings.fileName,
      values,
      totals,
    };
    writeExportFile(output, shape, all()).catch((error: unknown) => {
      this.logger.error(`${endpoint}: the export stopped part way: ${(error as Error).message}`);
      output.destroy(error as Error);
    });
    const day = DateTime.now().setZone(this.config.timezone).toISODate()!;
    const file = new StreamableFile(output, {
      type: CONTENT_TYPES[exportRequest.format],
      disposition: attachmentDisposition(exportFileName(settings.fileName, day, exportRequest.format)),
    });
    return file.setErrorHandler((_error, res) => abortResponse(res));
  }

  /** Reads the list's parameters and the export's; every problem of both in one 400, without a `draw` (a download has none). */
  private parse(
    request: HttpRequest,
    table: PreparedTable,
    settings: ExportSettings,
  ): { tableRequest: TableRequest; exportRequest: ExportRequest } {
    const declared = settings.columns?.map((column) => column.data) ?? null;
    try {
      const { tableRequest, own } = readTableRequest(request, table.context, (values) =>
        parseExportRequest(
          values,
          settings.formats,
          declared,
          table.context.limits.maxColumns,
          listParameterNames(table.context.filters),
        ),
      );
      return { tableRequest, exportRequest: own };
    } catch (error) {
      throw error instanceof TableRequestError ? new TableRequestError(error.given, undefined) : error;
    }
  }

  /** What the cells hold: the request's `values` else the endpoint's, shown with the request's formats, zone and words else the module's in the reader's language. */
  private values(exportRequest: ExportRequest, settings: ExportSettings, texts: DataTableServerTexts): ExportValues {
    const { shown } = exportRequest;
    const { config } = this;
    return {
      mode: exportRequest.values ?? settings.values,
      settings: {
        dateFormat: shown.dateFormat ?? config.dateFormat,
        datetimeFormat: shown.datetimeFormat ?? config.datetimeFormat,
        timezone: shown.timezone ?? config.timezone,
        yes: shown.yes ?? texts.yes,
        no: shown.no ?? texts.no,
      },
    };
  }

  /** Runs a step of the walk before the response starts: a lost database is a 503, as is a statement past its time. */
  private async guarded<R>(step: () => Promise<R>): Promise<R> {
    try {
      return await step();
    } catch (error) {
      throw asHttpError(
        error instanceof StatementTimeoutError ? new TableTimeoutError('export', error.milliseconds) : error,
      );
    }
  }

  /** The rows as the list serialises them (`mapRow` included; `actions` are links, not data). */
  private async *serialisedChunks(
    chunks: AsyncGenerator<ObjectLiteral[], void, undefined>,
    options: DataTableOptions,
    request: HttpRequest,
    metadata: EntityMetadata,
  ): AsyncGenerator<Record<string, unknown>[], void, undefined> {
    for await (const entities of chunks) {
      yield entities.map((entity) => {
        const row = serializeRow(entity, metadata, this.dates);
        return options.mapRow ? options.mapRow(row, entity, request) : row;
      });
    }
  }

  /** The kind of the entity's field a column shows (`artist.born` -> `artist__born`), `other` when it shows none. */
  private columnKind(metadata: EntityMetadata, data: string): ColumnKind {
    try {
      return resolveFieldPath(metadata, data.replaceAll('.', '__')).field.kind;
    } catch {
      return 'other';
    }
  }
}
