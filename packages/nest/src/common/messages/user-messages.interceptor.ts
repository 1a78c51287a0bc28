import {
  HttpException,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../../widgetlib.config.js';
import { WidgetLibError } from '../errors/index.js';
import { requestMessageLanguage } from './request-language.reader.js';
import { userMessageText, userMessageTexts } from './user-messages.writer.js';

/**
 * Registered globally by `WidgetLibModule`: an answer refused with one of the library's coded
 * messages (`code` in the body), or with a list of problems some of which are coded (a validation
 * 400), gets its `message` in the reader's language (`getLanguage`, by default the request's
 * `Accept-Language`); the `code` stays as it is, for programs.
 */
@Injectable()
export class UserMessagesInterceptor implements NestInterceptor {
  constructor(@InjectWidgetLibConfig() private readonly config: WidgetLibConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        const coded = codedMessage(error);
        if (!coded || context.getType() !== 'http') return throwError(() => error);
        const request: unknown = context.switchToHttp().getRequest();
        return from(requestMessageLanguage(this.config, request)).pipe(
          mergeMap((language) => {
            if (language === 'en') return throwError(() => error);
            const { userMessage, userMessages } = coded.cause;
            coded.body.message = userMessage
              ? userMessageText(userMessage, language)
              : userMessageTexts(userMessages!, language);
            return throwError(() => error);
          }),
        );
      }),
    );
  }
}

function codedMessage(error: unknown): { body: Record<string, unknown>; cause: WidgetLibError } | null {
  if (!(error instanceof HttpException) || !(error.cause instanceof WidgetLibError)) return null;
  if (!error.cause.userMessage && !error.cause.userMessages) return null;
  const body = error.getResponse();
  return typeof body === 'object' && body !== null
    ? { body: body as Record<string, unknown>, cause: error.cause }
    : null;
}
