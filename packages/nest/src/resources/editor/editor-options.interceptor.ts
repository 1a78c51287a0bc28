import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { mergeMap, type Observable } from 'rxjs';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import type { EditorOptions } from './editor-field-options.query.js';

/** Where a resource's list route leaves how to read the form's options for its answer. */
const EDITOR_OPTIONS = Symbol('widgetlib.editor-options');
type RequestWithOptions = HttpRequest & { [EDITOR_OPTIONS]?: () => Promise<EditorOptions | null> };

/** Hands over with the list's request how to read Editor's `options` (null: none for this user). */
export function setEditorOptions(request: HttpRequest, read: () => Promise<EditorOptions | null>): void {
  (request as RequestWithOptions)[EDITOR_OPTIONS] = read;
}

/**
 * Adds Editor's `options` to the list's answer (the envelope `@DataTable` made), read once the
 * rows are: Editor updates its fields' choices from the table's Ajax answers as from its own.
 */
@Injectable()
export class EditorOptionsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<RequestWithOptions>();
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        const read = request[EDITOR_OPTIONS];
        if (!read || typeof answer !== 'object' || answer === null) return answer;
        const options = await read();
        return options ? { ...answer, options } : answer;
      }),
    );
  }
}
