import {
  Injectable,
  InternalServerErrorException,
  Logger,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, mergeMap, type Observable } from 'rxjs';
import { asHttpError } from '../common/errors/http-error.mapping.js';
import type { HttpRequest } from '../common/http-platform.reader.js';
import { DateFormatsService } from '../dates/date-formats.service.js';
import { PermissionsService } from '../permissions/permissions.service.js';
import { dataTableTexts, InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { messageLanguage, readerLanguages } from '../common/messages/index.js';
import { DataTableCounts, listReadSource } from './counting/index.js';
import {
  type CellLabelSettings,
  type ChoiceLabels,
  choiceLabelsIn,
  DATA_TABLE_OPTIONS,
  type DeclaredChoiceLabels,
  type DataTableEnvelope,
  type DataTableOptions,
  TableTimeoutError,
} from './model/index.js';
import { handlerBaseQuery, StatementTimeoutError } from './sql/index.js';
import { envelopeProblems, looksLikeEnvelope, rowDateFields, serializeRow, type RowDateFields } from './rows/index.js';
import { cursorFingerprint, encodeCursor } from './paging/index.js';
import { runTableQuery } from './datatable.query.js';
import { groupedOrdering } from './aggregates/index.js';
import { searchPanesAnswer } from './extensions/search-panes/index.js';
import { columnControlAnswer } from './extensions/column-control/index.js';
import { readTableRequest } from './table-request.reader.js';
import { type PreparedTable, PreparedTables, tablePreparation } from './preparation/index.js';
import { tableActionRequirements, tablePermissions, type TableActionRequirements } from './table-permissions.reader.js';

/**
 * Applied by `@DataTable`: turns the handler's base query (a `SelectQueryBuilder` or a
 * `Repository`) into the envelope for the request, or checks the envelope the handler built.
 */
@Injectable()
export class DataTablesListInterceptor implements NestInterceptor {
  private readonly logger = new Logger('DataTable');
  private readonly tables: PreparedTables<PreparedTable>;
  private readonly dates: RowDateFields;
  /** The labels' settings but the words of a boolean, which are the request's language's. */
  private readonly labelSettings: Omit<CellLabelSettings, 'yes' | 'no'>;
  /** Each list controller's action requirements, per options object. */
  private readonly requirements = new WeakMap<DataTableOptions, Map<Type, TableActionRequirements>>();

  constructor(
    private readonly reflector: Reflector,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
    formats: DateFormatsService,
    private readonly counts: DataTableCounts,
    private readonly permissions: PermissionsService,
  ) {
    this.dates = rowDateFields(formats);
    const { dateFormat, datetimeFormat, timezone } = config;
    this.labelSettings = { dateFormat, datetimeFormat, timezone };
    this.tables = new PreparedTables(this.logger, '@DataTable', tablePreparation(config));
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<DataTableOptions | undefined>(DATA_TABLE_OPTIONS, context.getHandler());
    if (!options) return next.handle();
    const endpoint = `${context.getClass().name}.${context.getHandler().name}`;
    const request = context.switchToHttp().getRequest<HttpRequest>();
    const requirements = options.permissions ? this.actionRequirements(options, context.getClass(), endpoint) : null;
    return next.handle().pipe(
      mergeMap((result: unknown) => {
        const answer = this.answer(result, options, request, endpoint);
        return from(
          requirements
            ? answer.then(async (envelope) => ({
                ...envelope,
                permissions: tablePermissions(requirements, await this.permissions.permissionsOf(request)),
              }))
            : answer,
        );
      }),
    );
  }

  /** What the actions of `options.permissions` require, read once per controller; a mistake is logged and a 500. */
  private actionRequirements(options: DataTableOptions, controller: Type, endpoint: string): TableActionRequirements {
    let byController = this.requirements.get(options);
    if (!byController) this.requirements.set(options, (byController = new Map()));
    let requirements = byController.get(controller);
    if (!requirements) {
      try {
        requirements = tableActionRequirements(options.permissions!, controller, this.reflector, this.config);
      } catch (error) {
        this.logger.error(`@DataTable on ${endpoint}: ${(error as Error).message}`);
        throw new InternalServerErrorException();
      }
      byController.set(controller, requirements);
    }
    return requirements;
  }

  private async answer(
    result: unknown,
    options: DataTableOptions,
    request: HttpRequest,
    endpoint: string,
  ): Promise<DataTableEnvelope> {
    const base = handlerBaseQuery(result);
    if (!base) return this.checkedEnvelope(result, endpoint);
    const metadata = base.expressionMap.mainAlias!.metadata;
    if (options.entity && metadata.target !== options.entity) {
      this.logger.error(
        `${endpoint} lists ${metadata.name}, but its @DataTable options declare the entity ${options.entity.name}`,
      );
      throw new InternalServerErrorException();
    }
    const table = this.tables.get(options, metadata, endpoint);
    const { tableRequest } = readTableRequest(request, table.context);
    if (options.rowGroup) tableRequest.ordering = groupedOrdering(tableRequest.ordering, options.rowGroup);
    const { draw } = tableRequest;
    const page = await runTableQuery(base, tableRequest, table.paths, {
      estimatedTotalAbove: options.estimatedTotalAbove,
      estimateAbove: table.estimateAbove,
      statementTimeout: table.statementTimeout,
      countCap: table.countCap,
      countCache: table.countCache && { counts: this.counts, ...table.countCache },
      readSource: await listReadSource(this.counts, base, table.paths),
      choices: table.choices,
      aggregates: table.aggregates,
      dates: this.dates,
    }).catch((error: unknown) => {
      throw asHttpError(
        error instanceof StatementTimeoutError ? new TableTimeoutError('list', error.milliseconds, draw) : error,
        { draw },
      );
    });
    // The words of a boolean and the choices' labels label only pane and ColumnControl options:
    // looked up when there are some.
    const labels = page.panes || page.columnControl ? await this.optionLabels(request, table.choices) : null;
    const data = page.entities.map((entity) => {
      let row = serializeRow(entity, metadata, this.dates);
      if (options.mapRow) row = options.mapRow(row, entity, request);
      if (options.actions) row.actions = options.actions(entity, request);
      return row;
    });
    const { recordsTotal, recordsFiltered } = page;
    const exact = recordsTotal.kind === 'exact' && recordsFiltered.kind === 'exact';
    return {
      data,
      recordsTotal: recordsTotal.value,
      recordsFiltered: recordsFiltered.value,
      draw,
      ...(exact ? {} : { counts: { recordsTotal: recordsTotal.kind, recordsFiltered: recordsFiltered.kind } }),
      ...(tableRequest.ignored ? { ignored: tableRequest.ignored } : {}),
      ...(tableRequest.keyset
        ? {
            next: page.next
              ? encodeCursor(page.next, cursorFingerprint(tableRequest), table.context.cursorSecret)
              : null,
          }
        : {}),
      ...(options.live && options.id
        ? {
            live: {
              table: options.id,
              stream: `${this.config.routePrefix}/live/`,
              key: metadata.primaryColumns[0]!.propertyName,
            },
          }
        : {}),
      ...(page.aggregates ? { aggregates: page.aggregates } : {}),
      ...(page.groups ? { groups: page.groups } : {}),
      ...(page.panes
        ? {
            searchPanes: searchPanesAnswer(page.panes, tableRequest.panes, table.context.fields, this.dates, labels!),
          }
        : {}),
      ...(page.columnControl ? columnControlAnswer(page.columnControl, table.context.fields, this.dates, labels!) : {}),
    };
  }

  /** What option labels are made with, in the reader's language: the choices' labels and the words of a boolean. */
  private async optionLabels(
    request: HttpRequest,
    choices: ReadonlyMap<string, DeclaredChoiceLabels>,
  ): Promise<{ choices: ReadonlyMap<string, ChoiceLabels>; settings: CellLabelSettings }> {
    const languages = await readerLanguages(this.config, request);
    const { yes, no } = dataTableTexts(this.config, messageLanguage(languages));
    return { choices: choiceLabelsIn(choices, languages), settings: { ...this.labelSettings, yes, no } };
  }

  private checkedEnvelope(result: unknown, endpoint: string): DataTableEnvelope {
    if (!looksLikeEnvelope(result)) {
      this.logger.error(
        `${endpoint} returned ${result === null ? 'null' : typeof result}; a @DataTable handler returns a ` +
          'SelectQueryBuilder, a Repository or an envelope { data, recordsTotal, recordsFiltered, draw }',
      );
      throw new InternalServerErrorException();
    }
    const problems = envelopeProblems(result);
    if (problems.length > 0) {
      this.logger.error(`${endpoint} returned an invalid data-table envelope: ${problems.join('; ')}`);
      throw new InternalServerErrorException();
    }
    return result as unknown as DataTableEnvelope;
  }
}
