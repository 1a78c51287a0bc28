import { BadRequestException, Body, Controller, Get, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { DatabaseUnavailableInterceptor } from '../common/database-unavailable.interceptor.js';
import { AnswersWithTrailingSlash } from '../common/http-platform.js';
import { ApiDocs } from '../common/optional-swagger.js';
import { CheckedInputPipe } from '../common/validation.pipes.js';
import { HelpCoverageService } from './help-coverage.service.js';
import { parseHelpFieldsReport, type HelpViewCoverage } from './help-coverage.js';
import { RequireHelpPermission } from './require-help-permission.decorator.js';

/** Help coverage: the panel reports a page's labelled fields; admins see which have help. */
@ApiDocs(({ ApiTags }) => [ApiTags('help')])
@AnswersWithTrailingSlash()
@UseInterceptors(DatabaseUnavailableInterceptor)
@Controller('help/coverage')
export class HelpCoverageController {
  constructor(private readonly coverage: HelpCoverageService) {}

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
    ApiBadRequestResponse({ description: 'The body is invalid; the message names the field' }),
  ])
  async fields(@Body(new CheckedInputPipe()) body: unknown): Promise<void> {
    const report = parseHelpFieldsReport(body);
    if ('problems' in report) throw new BadRequestException(report.problems);
    await this.coverage.report(report);
  }
}
