import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Req,
  UseInterceptors,
} from '@nestjs/common';
import { HELP_ID_VIEW_MAX_LENGTH } from '#rules/help-limits.js';
import { DatabaseUnavailableInterceptor } from '../../common/database-unavailable.interceptor.js';
import { type HttpRequest } from '../../common/http-platform.reader.js';
import { AnswersWithTrailingSlash } from '../../common/answers-with-trailing-slash.decorator.js';
import { ApiDocs } from '../../common/api-docs.decorator.js';
import { PermissionsService } from '../../permissions/permissions.service.js';
import { CheckedInputPipe } from '../../common/checked-input.pipe.js';
import { HelpCoverageService } from './help-coverage.service.js';
import { parseHelpFieldsReport, type HelpViewCoverage } from './help-coverage.checks.js';
import { RequireHelpPermission } from '../require-help-permission.decorator.js';

/** Help coverage: the panel reports a page's labelled fields; admins see which have help. */
@ApiDocs(({ ApiTags }) => [ApiTags('help')])
@AnswersWithTrailingSlash()
@UseInterceptors(DatabaseUnavailableInterceptor)
@Controller('help/coverage')
export class HelpCoverageController {
  constructor(
    private readonly coverage: HelpCoverageService,
    private readonly permissions: PermissionsService,
  ) {}

  @Get()
  @RequireHelpPermission('change')
  @ApiDocs(({ ApiOkResponse }) => [
    ApiOkResponse({
      description: '[{ id_view, registered, with_help: [{ question_name, languages }], without_help }]',
    }),
  ])
  views(): Promise<HelpViewCoverage[]> {
    return this.coverage.coverage();
  }

  @Post('fields')
  @HttpCode(204)
  @RequireHelpPermission('view')
  @ApiDocs(({ ApiNoContentResponse, ApiBadRequestResponse }) => [
    ApiNoContentResponse({ description: 'The fields are known' }),
    ApiBadRequestResponse({ description: 'The body is invalid or past a bound; the message says which' }),
  ])
  async fields(@Body(new CheckedInputPipe()) body: unknown, @Req() request: HttpRequest): Promise<void> {
    const report = parseHelpFieldsReport(body);
    if ('problems' in report) throw new BadRequestException(report.problems);
    await this.coverage.report(report, await this.permissions.userNameOf(request));
  }

  /** Admins clear what readers reported for a view (junk names, say); pages report their fields again. */
  @Delete(':id_view')
  @HttpCode(204)
  @RequireHelpPermission('change')
  @ApiDocs(({ ApiNoContentResponse, ApiBadRequestResponse }) => [
    ApiNoContentResponse({ description: "The view's reported fields are forgotten" }),
    ApiBadRequestResponse({ description: 'id_view is too long' }),
  ])
  async clear(@Param('id_view') idView: string): Promise<void> {
    if (idView.length > HELP_ID_VIEW_MAX_LENGTH) {
      throw new BadRequestException([`id_view must be at most ${HELP_ID_VIEW_MAX_LENGTH} characters`]);
    }
    await this.coverage.clear(idView);
  }
}
