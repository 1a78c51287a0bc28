import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
  UseInterceptors,
} from '@nestjs/common';
import { DatabaseUnavailableInterceptor } from '../../common/database-unavailable.interceptor.js';
import { type HttpRequest } from '../../common/http-platform.reader.js';
import { AnswersWithTrailingSlash } from '../../common/answers-with-trailing-slash.decorator.js';
import { bodyValidationPipe, queryValidationPipe } from '../../common/checked-validation.pipe.js';
import { ApiDocs } from '../../common/api-docs.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { CreateHelpDto, HelpListQueryDto, ReplaceHelpDto, UpdateHelpDto } from './help.dto.js';
import { Help } from '../help.entity.js';
import { PermissionsService } from '../../permissions/permissions.service.js';
import { HelpLanguageService } from '../language/index.js';
import { HelpEntityTagInterceptor, IfMatch, type HelpVersionCondition } from '../versions/index.js';
import { HelpService } from './help.service.js';
import { HelpFormFieldsInterceptor } from './help-form-fields.interceptor.js';
import { RequireHelpPermission } from '../require-help-permission.decorator.js';

const validateBody = bodyValidationPipe();
const validateQuery = queryValidationPipe();
const parseId = new ParseIdPipe();

const IdParam = ApiDocs(({ ApiParam }) => [ApiParam({ name: 'id', type: Number, description: 'Help entry id' })]);
const ErrorResponses = ApiDocs(({ ApiBadRequestResponse, ApiUnauthorizedResponse, ApiForbiddenResponse }) => [
  ApiBadRequestResponse({ description: 'A parameter or a body field is invalid; the message names it' }),
  ApiUnauthorizedResponse({ description: 'No authenticated user' }),
  ApiForbiddenResponse({ description: 'The user lacks the permission' }),
]);
const IfMatchDocs = ApiDocs(({ ApiHeader, ApiPreconditionFailedResponse }) => [
  ApiHeader({
    name: 'If-Match',
    required: false,
    description:
      'Write only if the entry is still at this version: `"<version>"` (its ETag), a list of them, or `*`. ' +
      'Without it the write applies to the current version.',
  }),
  ApiPreconditionFailedResponse({
    description: 'The entry changed since the version in If-Match; `current` is the entry as it is now',
  }),
]);
const NotFound = ApiDocs(({ ApiNotFoundResponse }) => [ApiNotFoundResponse({ description: 'No such entry' })]);
const Conflict = ApiDocs(({ ApiConflictResponse }) => [
  ApiConflictResponse({ description: 'An entry for this id_view, question_name and language already exists' }),
]);

@ApiDocs(({ ApiTags }) => [ApiTags('help')])
@ErrorResponses
@AnswersWithTrailingSlash()
@UseInterceptors(DatabaseUnavailableInterceptor, HelpEntityTagInterceptor)
@Controller('help')
export class HelpController {
  constructor(
    private readonly helps: HelpService,
    private readonly languages: HelpLanguageService,
    private readonly permissions: PermissionsService,
  ) {}

  @Get()
  @RequireHelpPermission('view')
  @Header('Vary', 'Accept-Language')
  @ApiDocs(({ ApiOkResponse }) => [ApiOkResponse({ type: Help, isArray: true })])
  async list(@Query(validateQuery) query: HelpListQueryDto, @Req() request: HttpRequest): Promise<Help[]> {
    const { language, ...filter } = query;
    if (language === '*') return this.helps.list(filter);
    const languages = language === undefined ? await this.languages.languagesOf(request) : [language];
    return this.helps.list({ ...filter, languages });
  }

  @Get(':id')
  @RequireHelpPermission('view')
  @IdParam
  @NotFound
  @ApiDocs(({ ApiOkResponse }) => [ApiOkResponse({ type: Help })])
  retrieve(@Param('id', parseId) id: number): Promise<Help> {
    return this.helps.get(id);
  }

  @Post()
  @UseInterceptors(HelpFormFieldsInterceptor)
  @RequireHelpPermission('add')
  @Conflict
  @ApiDocs(({ ApiCreatedResponse }) => [ApiCreatedResponse({ type: Help })])
  async create(@Body(validateBody) body: CreateHelpDto, @Req() request: HttpRequest): Promise<Help> {
    return this.helps.create(body, { user: await this.permissions.userNameOf(request) });
  }

  @Put(':id')
  @UseInterceptors(HelpFormFieldsInterceptor)
  @RequireHelpPermission('change')
  @IdParam
  @IfMatchDocs
  @NotFound
  @Conflict
  @ApiDocs(({ ApiOkResponse }) => [ApiOkResponse({ type: Help })])
  async replace(
    @Param('id', parseId) id: number,
    @Body(validateBody) body: ReplaceHelpDto,
    @IfMatch() ifMatch: HelpVersionCondition | undefined,
    @Req() request: HttpRequest,
  ): Promise<Help> {
    return this.helps.replace(id, body, { ifMatch, user: await this.permissions.userNameOf(request) });
  }

  @Patch(':id')
  @UseInterceptors(HelpFormFieldsInterceptor)
  @RequireHelpPermission('change')
  @IdParam
  @IfMatchDocs
  @NotFound
  @Conflict
  @ApiDocs(({ ApiOkResponse }) => [ApiOkResponse({ type: Help })])
  async update(
    @Param('id', parseId) id: number,
    @Body(validateBody) body: UpdateHelpDto,
    @IfMatch() ifMatch: HelpVersionCondition | undefined,
    @Req() request: HttpRequest,
  ): Promise<Help> {
    return this.helps.update(id, body, { ifMatch, user: await this.permissions.userNameOf(request) });
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireHelpPermission('delete')
  @IdParam
  @IfMatchDocs
  @NotFound
  @ApiDocs(({ ApiNoContentResponse }) => [ApiNoContentResponse({ description: 'Entry removed' })])
  async remove(
    @Param('id', parseId) id: number,
    @IfMatch() ifMatch: HelpVersionCondition | undefined,
    @Req() request: HttpRequest,
  ): Promise<void> {
    await this.helps.remove(id, { ifMatch, user: await this.permissions.userNameOf(request) });
  }
}
