import {
  BadRequestException,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Observable } from 'rxjs';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../../widgetlib.config.js';
import { withoutHelpFormFields } from './help-form-fields.parser.js';

/**
 * With the module's `clientCompatibility: 'djgentelella'`: takes the original help form's own
 * fields (`ftype`, `pk`) out of a create or edit body before it is validated, checking them (see
 * {@link withoutHelpFormFields}). In strict mode it does nothing, so they are unknown fields (400).
 */
@Injectable()
export class HelpFormFieldsInterceptor implements NestInterceptor {
  constructor(@InjectWidgetLibConfig() private readonly config: WidgetLibConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (this.config.clientCompatibility !== 'djgentelella') return next.handle();
    const request = context.switchToHttp().getRequest<HttpRequest & { body?: unknown; params?: { id?: string } }>();
    const action = request.method === 'POST' ? 'add' : 'edit';
    const { body, problems } = withoutHelpFormFields(request.body, action, request.params?.id);
    if (problems.length > 0) throw new BadRequestException(problems);
    request.body = body;
    return next.handle();
  }
}
