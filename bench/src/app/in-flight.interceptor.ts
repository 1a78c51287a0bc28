import type { CallHandler, ExecutionContext, NestInterceptor, Type } from '@nestjs/common';
import { finalize, type Observable } from 'rxjs';

let inFlight = 0;

/** List requests whose handler has not finished, even when their client has gone away. */
export function requestsInFlight(): number {
  return inFlight;
}

/**
 * A load run ends with requests still being answered (the load generator stops waiting for them):
 * counting them lets the harness wait until the server is idle before it measures the next thing.
 */
export class InFlightInterceptor implements NestInterceptor {
  constructor(private readonly ignored: Type) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getClass() === this.ignored) return next.handle();
    inFlight += 1;
    return next.handle().pipe(finalize(() => (inFlight -= 1)));
  }
}
