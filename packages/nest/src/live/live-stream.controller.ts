import { Controller, Query, Req, Sse, type MessageEvent } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { AnswersWithTrailingSlash } from '../common/answers-with-trailing-slash.decorator.js';
import { ApiDocs } from '../common/api-docs.decorator.js';
import { CheckedInputPipe } from '../common/checked-input.pipe.js';
import type { HttpRequest } from '../common/http-platform.reader.js';
import { requirePermissionsMetadata } from '../permissions/permissions.decorator.js';
import { LiveStreams } from './live-streams.service.js';

/**
 * The page's one Server-Sent Events stream of change notices (`GET <prefix>/live/?tables=a,b`), for
 * an authenticated user holding the list permissions of every table named.
 */
@ApiDocs(({ ApiTags }) => [ApiTags('live')])
@AnswersWithTrailingSlash()
@requirePermissionsMetadata()
@Controller('live')
export class LiveStreamController {
  constructor(private readonly streams: LiveStreams) {}

  @Sse()
  @ApiDocs(({ ApiOkResponse, ApiBadRequestResponse, ApiTooManyRequestsResponse }) => [
    ApiOkResponse({
      description:
        'text/event-stream: `ready`, then `change` ({ table, kind, keys } or, for a scoped table, { table, kind: "changed" }) ' +
        'and `reload` (notices were lost: reload every table)',
    }),
    ApiBadRequestResponse({ description: 'tables or last_event_id is invalid; the message names each problem' }),
    ApiTooManyRequestsResponse({ description: 'The user already holds the most streams allowed' }),
  ])
  stream(
    @Query(new CheckedInputPipe()) query: Record<string, unknown>,
    @Req() request: HttpRequest,
  ): Promise<Observable<MessageEvent>> {
    return this.streams.stream(query, request);
  }
}
