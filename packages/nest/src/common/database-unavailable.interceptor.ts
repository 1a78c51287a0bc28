import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { catchError, type Observable, throwError } from 'rxjs';
import { asHttpError } from './errors/http-error.mapping.js';

/**
 * On the library's routes: a request that fails because the database cannot be reached answers
 * 503 `{ statusCode, error, message }` instead of a 500 carrying a driver's error; the library's
 * own errors answer as `http-error.mapping.ts` says.
 */
@Injectable()
export class DatabaseUnavailableInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(catchError((error: unknown) => throwError(() => asHttpError(error))));
  }
}
