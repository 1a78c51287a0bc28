import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { catchError, tap, throwError, type Observable } from 'rxjs';
import { HelpChangedException } from './help-changed.exception.js';
import { entityTag } from '../../common/versions/index.js';
import { Help } from '../help.entity.js';

/** Sends the `ETag` of the one entry an answer carries: a retrieved or written entry, or a 412's current one. */
@Injectable()
export class HelpEntityTagInterceptor implements NestInterceptor {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const response: unknown = context.switchToHttp().getResponse();
    const tag = (help: Help) => this.adapterHost.httpAdapter.setHeader(response, 'ETag', entityTag(help.version));
    return next.handle().pipe(
      tap((result) => {
        if (result instanceof Help) tag(result);
      }),
      catchError((error: unknown) => {
        if (error instanceof HelpChangedException) tag(error.current);
        return throwError(() => error);
      }),
    );
  }
}
