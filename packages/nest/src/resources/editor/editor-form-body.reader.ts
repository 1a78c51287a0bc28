import type { ArgumentMetadata } from '@nestjs/common';
import { INPUT_BOUNDS, refuseUnreadableInput } from '../../common/checked-input.pipe.js';
import type { HttpRequest } from '../../common/http-platform.reader.js';

const BODY: ArgumentMetadata = { type: 'body' };

/**
 * The body of an Editor submission, its row ids as the client sent them: a form-encoded body whose
 * bytes the platform kept (Nest's `rawBody: true`) is read again without nesting, because a parser
 * that nests (qs, Express's default "extended" forms) renumbers `data[3]`, `data[7]` as a list
 * `data[0]`, `data[1]`; any other body as the platform parsed it. Names given more than once are a list.
 */
export function editorBody(body: unknown, request: HttpRequest): unknown {
  const { rawBody } = request as { rawBody?: unknown };
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  if (!Buffer.isBuffer(rawBody) || !type.startsWith('application/x-www-form-urlencoded')) return body;
  const flat: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(rawBody.toString('utf8'))) {
    const given = flat[name];
    flat[name] = given === undefined ? value : [given, value].flat();
  }
  refuseUnreadableInput(flat, BODY, INPUT_BOUNDS);
  return flat;
}
