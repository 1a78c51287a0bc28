import { Catch, UnauthorizedException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';

/** A page asked for by someone not signed in goes to the sign-in page, then back. APIs keep their 401. */
@Catch(UnauthorizedException)
export class SignInRequiredFilter implements ExceptionFilter {
  catch(exception: UnauthorizedException, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    // Browsers navigating to a page ask for text/html by name; fetch() and API clients do not.
    if (request.method === 'GET' && (request.headers.accept ?? '').includes('text/html')) {
      response.redirect(303, `/sign-in?next=${encodeURIComponent(request.originalUrl)}`);
      return;
    }
    response.status(exception.getStatus()).json(exception.getResponse());
  }
}
