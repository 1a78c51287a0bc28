import {
  Injectable,
  InternalServerErrorException,
  Logger,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Observable } from 'rxjs';
import type { HttpRequest } from '../common/http-platform.reader.js';
import { type DataTableOptions, type PreparedTable, PreparedTables, tablePreparation } from '../datatables/internal.js';
import { DataTableChanges } from '../live/internal.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { BULK_ACTION_OPTIONS, BULK_REQUEST } from './bulk-action.constants.js';
import { BulkRequest } from './bulk-request.query.js';

export type RequestWithBulk = HttpRequest & { [BULK_REQUEST]?: BulkRequest };

/**
 * Applied by `@DataTableBulkAction`: leaves the route's {@link BulkRequest} on the request for
 * `@BulkSelection()`, with the table options prepared once per entity (a mistake in them is logged
 * and a 500, as for `@DataTable`).
 */
@Injectable()
export class DataTableBulkInterceptor implements NestInterceptor {
  private readonly logger = new Logger('DataTableBulkAction');
  private readonly tables: PreparedTables<PreparedTable>;

  constructor(
    private readonly reflector: Reflector,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
    private readonly changes: DataTableChanges,
  ) {
    this.tables = new PreparedTables(this.logger, '@DataTableBulkAction', tablePreparation(config));
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<DataTableOptions | undefined>(BULK_ACTION_OPTIONS, context.getHandler());
    if (!options) return next.handle();
    const endpoint = `${context.getClass().name}.${context.getHandler().name}`;
    const request = context.switchToHttp().getRequest<RequestWithBulk>();
    // A write behind a GET would be open to links and prefetches, and skip CSRF protection.
    if (request.method?.toUpperCase() !== 'POST') {
      this.logger.error(
        `@DataTableBulkAction on ${endpoint}: the route must be a POST, not a ${String(request.method)}`,
      );
      throw new InternalServerErrorException();
    }
    request[BULK_REQUEST] = new BulkRequest(
      request,
      (metadata) => this.tables.get(options, metadata, endpoint),
      this.changes,
      this.config.dataTables.bulkTimeLimit,
    );
    return next.handle();
  }
}
