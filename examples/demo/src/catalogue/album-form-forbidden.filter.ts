import { Catch, ForbiddenException, Injectable, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PageRenderer } from '../pages/page.renderer.js';

/**
 * An album form sent by a user who may not save albums (a stale form, another tab's session) gets
 * the form's page saying so in words, with a 403, instead of the guard's JSON. Requests that do not
 * ask for a page keep the JSON answer.
 */
@Injectable()
@Catch(ForbiddenException)
export class AlbumFormForbiddenFilter implements ExceptionFilter {
  constructor(private readonly pages: PageRenderer) {}

  async catch(exception: ForbiddenException, host: ArgumentsHost): Promise<void> {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    if (!(request.headers.accept ?? '').includes('text/html')) {
      response.status(exception.getStatus()).json(exception.getResponse());
      return;
    }
    await this.pages.render(response, 'album-form', { title: 'Not saved', forbidden: true, nav: { form: true } }, 403);
  }
}
