import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { templateLocals } from '../common/http-platform.reader.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { UrlResolver } from './url-resolver.service.js';
import { readViewId } from './view-name.reader.js';
import { HELP_LIST_ROUTE } from './views.constants.js';

/** What the library adds to a request: the view id of the route that handles it. */
export interface WidgetLibRequest {
  viewId?: string;
}

/** What server-rendered pages find in `res.locals.widgetlib` (Fastify: `reply.locals.widgetlib`). */
export interface WidgetLibLocals {
  viewId: string;
  dateFormat: string;
  datetimeFormat: string;
  helpUrl: string;
}

/**
 * Registered globally by `WidgetLibModule`: sets `request.viewId` for every HTTP request a route
 * handles, and `res.locals.widgetlib` for templates (`@Render` pages read it like any local; on
 * Fastify `reply.locals.widgetlib`, which @fastify/view reads).
 */
@Injectable()
export class ViewContextInterceptor implements NestInterceptor {
  constructor(
    private readonly urls: UrlResolver,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const viewId = readViewId(context.getClass(), context.getHandler());
    http.getRequest<WidgetLibRequest>().viewId = viewId;
    const locals = templateLocals(http.getResponse());
    if (locals) {
      const widgetlib: WidgetLibLocals = {
        viewId,
        dateFormat: this.config.dateFormat,
        datetimeFormat: this.config.datetimeFormat,
        helpUrl: this.urls.reverse(HELP_LIST_ROUTE),
      };
      locals.widgetlib = widgetlib;
    }
    return next.handle();
  }
}
