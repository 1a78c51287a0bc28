import { Controller, Get, Param, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import { queryValidationPipe } from '../../common/checked-validation.pipe.js';
import { DatabaseUnavailableInterceptor } from '../../common/database-unavailable.interceptor.js';
import { type HttpRequest } from '../../common/http-platform.reader.js';
import { AnswersWithTrailingSlash } from '../../common/answers-with-trailing-slash.decorator.js';
import { ApiDocs } from '../../common/api-docs.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { requirePermissionsMetadata } from '../../permissions/permissions.decorator.js';
import { PermissionsService } from '../../permissions/permissions.service.js';
import { MissingPermissionsException } from '../../permissions/missing-permissions.exception.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../../widgetlib.config.js';
import { HelpHistoryService, type HelpRevisionView } from '../revisions/index.js';
import { HelpEntityTagInterceptor, IfMatch, type HelpVersionCondition } from '../versions/index.js';
import type { Help } from '../help.entity.js';
import { HelpDeletedQueryDto } from './help.dto.js';
import { HelpService } from './help.service.js';
import { RequireHelpPermission } from '../require-help-permission.decorator.js';

const parseId = new ParseIdPipe();
const validateQuery = queryValidationPipe();

const ErrorResponses = ApiDocs(({ ApiBadRequestResponse, ApiUnauthorizedResponse, ApiForbiddenResponse }) => [
  ApiBadRequestResponse({ description: 'An id is not a positive integer' }),
  ApiUnauthorizedResponse({ description: 'No authenticated user' }),
  ApiForbiddenResponse({ description: 'The user lacks the permission' }),
]);

/** The history of help entries: an entry's revisions, the deleted entries, and restoring. */
@ApiDocs(({ ApiTags }) => [ApiTags('help')])
@ErrorResponses
@AnswersWithTrailingSlash()
@UseInterceptors(DatabaseUnavailableInterceptor, HelpEntityTagInterceptor)
@Controller('help')
export class HelpRevisionsController {
  constructor(
    private readonly helps: HelpService,
    private readonly history: HelpHistoryService,
    private readonly permissions: PermissionsService,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
  ) {}

  @Get('deleted')
  @RequireHelpPermission('add')
  @ApiDocs(({ ApiOkResponse }) => [
    ApiOkResponse({ description: 'The deletion revision of each entry that is gone, newest first' }),
  ])
  deleted(@Query(validateQuery) query: HelpDeletedQueryDto): Promise<HelpRevisionView[]> {
    return this.history.deleted(query.id_view);
  }

  @Get(':id/revisions')
  @RequireHelpPermission('change')
  @ApiDocs(({ ApiOkResponse, ApiNotFoundResponse }) => [
    ApiOkResponse({ description: 'The revisions of the entry, newest first' }),
    ApiNotFoundResponse({ description: 'No such entry, and no history of one' }),
  ])
  revisions(@Param('id', parseId) id: number): Promise<HelpRevisionView[]> {
    return this.history.revisionsOf(id);
  }

  /** Change permission for an entry that exists; add permission brings back one that is gone. */
  @Post(':id/revisions/:revision/restore')
  @requirePermissionsMetadata()
  @ApiDocs(({ ApiCreatedResponse, ApiNotFoundResponse, ApiConflictResponse, ApiPreconditionFailedResponse }) => [
    ApiCreatedResponse({ description: 'The entry as restored' }),
    ApiNotFoundResponse({ description: 'The entry has no such revision' }),
    ApiConflictResponse({ description: 'Another entry has taken its id_view, question_name and language' }),
    ApiPreconditionFailedResponse({ description: 'The entry changed since the version in If-Match' }),
  ])
  async restore(
    @Param('id', parseId) id: number,
    @Param('revision', new ParseIdPipe('revision')) revision: number,
    @IfMatch() ifMatch: HelpVersionCondition | undefined,
    @Req() request: HttpRequest,
  ): Promise<Help> {
    const granted = (await this.permissions.permissionsOf(request))!;
    const needed = (await this.helps.findOne(id))
      ? this.config.helpPermissions.change
      : this.config.helpPermissions.add;
    if (!granted.has(needed)) throw new MissingPermissionsException([needed]);
    return this.helps.restore(id, revision, { ifMatch, user: await this.permissions.userNameOf(request) });
  }
}
