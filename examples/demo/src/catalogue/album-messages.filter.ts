import { BadRequestException, Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { dtoMessageText } from '../pages/demo-texts.js';
import { pageLanguage } from '../pages/page.renderer.js';

/**
 * The demo's 400s (a cell of the albums table edited in place, a record sent as JSON) in the page's
 * language: each message of the demo's DTOs is written in it, as the album form writes them. A filter,
 * so that it sees the answer after widgetlib's interceptors have written the library's own messages.
 */
@Catch(BadRequestException)
export class AlbumMessagesFilter implements ExceptionFilter {
  catch(exception: BadRequestException, host: ArgumentsHost): void {
    const language = pageLanguage(host.switchToHttp().getRequest<Request>(), false);
    const body = exception.getResponse() as { message?: unknown };
    if (language !== 'en' && Array.isArray(body.message)) {
      body.message = body.message.map((message: unknown) =>
        typeof message === 'string' ? (dtoMessageText(language, message) ?? message) : message,
      );
    }
    const response = host.switchToHttp().getResponse<Response>();
    // As Nest's own handler: an answer already under way is ended, not answered twice.
    if (response.headersSent) response.end();
    else response.status(exception.getStatus()).json(body);
  }
}
