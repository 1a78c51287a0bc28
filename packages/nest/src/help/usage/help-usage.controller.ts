import { BadRequestException, Body, Controller, Get, HttpCode, Post, Query, UseInterceptors } from '@nestjs/common';
import { IsString } from 'class-validator';
import { DatabaseUnavailableInterceptor } from '../../common/database-unavailable.interceptor.js';
import { AnswersWithTrailingSlash } from '../../common/answers-with-trailing-slash.decorator.js';
import { ApiDocs } from '../../common/api-docs.decorator.js';
import { CheckedInputPipe } from '../../common/checked-input.pipe.js';
import { queryValidationPipe } from '../../common/checked-validation.pipe.js';
import { HelpUsageService } from './help-usage.service.js';
import { parseHelpUsageReport, type HelpUsageSummary } from './help-usage.checks.js';
import { RequireHelpPermission } from '../require-help-permission.decorator.js';

/** Query of `GET /help/usage/`. */
export class HelpUsageQueryDto {
  @IsString()
  @ApiDocs(({ ApiProperty }) => [ApiProperty({ description: 'The view whose use is summarised' })])
  id_view!: string;
}

/** Readers' use of help: events in, a summary per view out. Both 404 unless `helpUsage` is on. */
@ApiDocs(({ ApiTags }) => [ApiTags('help')])
@AnswersWithTrailingSlash()
@UseInterceptors(DatabaseUnavailableInterceptor)
@Controller('help/usage')
export class HelpUsageController {
  constructor(private readonly usage: HelpUsageService) {}

  /** Any reader of help reports what they did. */
  @Post()
  @HttpCode(204)
  @RequireHelpPermission('view')
  @ApiDocs(({ ApiNoContentResponse, ApiNotFoundResponse, ApiBadRequestResponse }) => [
    ApiNoContentResponse({ description: 'Recorded' }),
    ApiBadRequestResponse({
      description:
        'The event is invalid, its view not one of the app, or the view past its fields; the message says which',
    }),
    ApiNotFoundResponse({ description: 'Recording is off, or no such entry' }),
  ])
  async record(@Body(new CheckedInputPipe()) body: unknown): Promise<void> {
    const report = parseHelpUsageReport(body);
    if ('problems' in report) throw new BadRequestException(report.problems);
    await this.usage.record(report);
  }

  @Get()
  @RequireHelpPermission('change')
  @ApiDocs(({ ApiOkResponse, ApiNotFoundResponse }) => [
    ApiOkResponse({ description: '{ id_view, most_opened, least_helpful, asked, missing }' }),
    ApiNotFoundResponse({ description: 'Recording is off' }),
  ])
  summary(@Query(queryValidationPipe()) query: HelpUsageQueryDto): Promise<HelpUsageSummary> {
    return this.usage.summary(query.id_view);
  }
}
