import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { HttpRequest } from '../http-platform.reader.js';
import { parseIfMatch, type VersionCondition } from './version-condition.parser.js';

/** The request's `If-Match` header as a version condition (`undefined` without it); malformed: 400 naming it. */
export const IfMatch = createParamDecorator(
  (_data: unknown, context: ExecutionContext): VersionCondition | undefined => {
    const condition = parseIfMatch(context.switchToHttp().getRequest<HttpRequest>().headers['if-match']);
    if (typeof condition === 'string') throw new BadRequestException(condition);
    return condition;
  },
);
