import { HttpException, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { catchError, tap, throwError, type Observable } from 'rxjs';
import { setResponseHeader } from '../../common/http-platform.reader.js';
import { entityTag } from '../../common/versions/index.js';
import { ResourceChangedError } from './resource-version.errors.js';

/**
 * Sends the `ETag` of the one record a resource's answer carries, when its entity keeps a version
 * (`versionProperty()`: the `@VersionColumn`'s property, known once the resource has started): a
 * retrieved or written record, or a 412's current one.
 */
export class ResourceEntityTagInterceptor implements NestInterceptor {
  constructor(private readonly versionProperty: () => string | undefined) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const response: unknown = context.switchToHttp().getResponse();
    const tag = (version: unknown) => {
      if (typeof version === 'number') setResponseHeader(response, 'ETag', entityTag(version));
    };
    return next.handle().pipe(
      tap((result: unknown) => {
        const property = this.versionProperty();
        if (property && typeof result === 'object' && result !== null)
          tag((result as Record<string, unknown>)[property]);
      }),
      catchError((error: unknown) => {
        if (error instanceof HttpException && error.cause instanceof ResourceChangedError) tag(error.cause.version);
        return throwError(() => error);
      }),
    );
  }
}
