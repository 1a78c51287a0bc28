import { Body, Controller, Get, HttpCode, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsIn, IsOptional } from 'class-validator';
import type { Repository } from 'typeorm';
import { DatabaseUnavailableInterceptor } from '../../common/database-unavailable.interceptor.js';
import { asHttpError } from '../../common/errors/http-error.mapping.js';
import { DataTableCounts } from '../../datatables/internal.js';
import { type HttpRequest } from '../../common/http-platform.reader.js';
import { AnswersWithTrailingSlash } from '../../common/answers-with-trailing-slash.decorator.js';
import { ApiDocs } from '../../common/api-docs.decorator.js';
import { MAX_INPUT_DEPTH } from '../../common/request-input.checks.js';
import { CheckedInputPipe } from '../../common/checked-input.pipe.js';
import { queryValidationPipe } from '../../common/checked-validation.pipe.js';
import { requirePermissionsMetadata } from '../../permissions/permissions.decorator.js';
import { PermissionsService } from '../../permissions/permissions.service.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../../widgetlib.config.js';
import { Help } from '../help.entity.js';
import { forgetHelpCounts } from '../writes/index.js';
import type { HelpExport } from './help-export.format.js';
import { exportHelp, importHelp, type HelpImportReport } from './help-transfer.query.js';

const BOOLEAN = ['true', 'false'];

/** Query of `POST /help/import/`. */
export class HelpImportQueryDto {
  @IsOptional()
  @IsIn(BOOLEAN, { message: 'dry_run must be true or false' })
  @ApiDocs(({ ApiPropertyOptional }) => [
    ApiPropertyOptional({ enum: BOOLEAN, description: 'true: report what the import would do, change nothing' }),
  ])
  dry_run?: 'true' | 'false';

  @IsOptional()
  @IsIn(BOOLEAN, { message: 'prune must be true or false' })
  @ApiDocs(({ ApiPropertyOptional }) => [
    ApiPropertyOptional({ enum: BOOLEAN, description: 'true: delete the entries the file does not have' }),
  ])
  prune?: 'true' | 'false';
}

/** Every one of the four help permissions: moving help between environments can do all four. */
const RequireAllHelpPermissions = () =>
  requirePermissionsMetadata(
    (config) => config.helpPermissions.view,
    (config) => config.helpPermissions.add,
    (config) => config.helpPermissions.change,
    (config) => config.helpPermissions.delete,
  );

/** Export and import of every help entry, for users who hold all four help permissions. */
@ApiDocs(({ ApiTags, ApiUnauthorizedResponse, ApiForbiddenResponse }) => [
  ApiTags('help'),
  ApiUnauthorizedResponse({ description: 'No authenticated user' }),
  ApiForbiddenResponse({ description: 'The user lacks one of the four help permissions' }),
])
@AnswersWithTrailingSlash()
@UseInterceptors(DatabaseUnavailableInterceptor)
@RequireAllHelpPermissions()
@Controller('help')
export class HelpTransferController {
  constructor(
    @InjectRepository(Help) private readonly helps: Repository<Help>,
    private readonly permissions: PermissionsService,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
    private readonly counts: DataTableCounts,
  ) {}

  @Get('export')
  @ApiDocs(({ ApiOkResponse }) => [
    ApiOkResponse({ description: '{ format: "widgetlib-help", schemaVersion: 1, exportedAt, entries }' }),
  ])
  export(): Promise<HelpExport> {
    return exportHelp(this.helps.manager);
  }

  @Post('import')
  @HttpCode(200)
  @ApiDocs(({ ApiOkResponse, ApiBadRequestResponse, ApiConflictResponse }) => [
    ApiOkResponse({ description: '{ created, updated, unchanged, pruned, dryRun }' }),
    ApiBadRequestResponse({
      description:
        'The file or one of its entries is invalid, or it has more entries than helpImport.maxEntries; nothing was imported',
    }),
    ApiConflictResponse({ description: 'An entry changed during the import; nothing was imported' }),
  ])
  async import(
    @Body(new CheckedInputPipe({ maxDepth: MAX_INPUT_DEPTH })) file: unknown,
    @Query(queryValidationPipe()) query: HelpImportQueryDto,
    @Req() request: HttpRequest,
  ): Promise<HelpImportReport> {
    const options = {
      dryRun: query.dry_run === 'true',
      prune: query.prune === 'true',
      user: await this.permissions.userNameOf(request),
      maxEntries: this.config.helpImport.maxEntries,
    };
    try {
      const report = await importHelp(this.helps.manager, file, options);
      await forgetHelpCounts(this.counts, this.helps.manager.connection);
      return report;
    } catch (error) {
      throw asHttpError(error);
    }
  }
}
