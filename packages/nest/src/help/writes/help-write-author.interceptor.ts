import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import { PermissionsService } from '../../permissions/permissions.service.js';
import { runHelpWrite } from './help-write-context.registry.js';

/**
 * Registered globally by `WidgetLibModule`: a help entry written while a route handles a request
 * (the help API, a `DataTableResource` over `Help`, a host's own route) is recorded as written by the
 * request's user (`getUserName`), asked only when a write needs the name.
 */
@Injectable()
export class HelpWriteAuthorInterceptor implements NestInterceptor {
  constructor(private readonly permissions: PermissionsService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request: unknown = context.switchToHttp().getRequest();
    const user = () => this.permissions.userNameOf(request);
    // The handler runs when the stream is subscribed to: inside the context, so that it inherits it.
    return new Observable((subscriber) => runHelpWrite({ user }, () => next.handle().subscribe(subscriber)));
  }
}
