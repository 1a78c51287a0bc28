import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  UseInterceptors,
} from '@nestjs/common';
import { DatabaseUnavailableInterceptor } from '../common/database-unavailable.interceptor.js';
import { AnswersWithTrailingSlash } from '../common/http-platform.js';
import { bodyValidationPipe, queryValidationPipe } from '../common/validation.pipes.js';
import { ApiDocs } from '../common/optional-swagger.js';
import { ParseIdPipe } from '../common/positive-int.pipe.js';
import { CreateHelpDto, HelpListQueryDto, ReplaceHelpDto, UpdateHelpDto } from './help.dto.js';
import { Help } from './help.entity.js';
import { HelpService } from './help.service.js';
import { RequireHelpPermission } from './require-help-permission.decorator.js';

const validateBody = bodyValidationPipe();
const validateQuery = queryValidationPipe();
const parseId = new ParseIdPipe();

const IdParam = ApiDocs(({ ApiParam }) => [ApiParam({ name: 'id', type: Number, description: 'Help entry id' })]);
const ErrorResponses = ApiDocs(({ ApiBadRequestResponse, ApiUnauthorizedResponse, ApiForbiddenResponse }) => [
  ApiBadRequestResponse({ description: 'A parameter or a body field is invalid; the message names it' }),
  ApiUnauthorizedResponse({ description: 'No authenticated user' }),
  ApiForbiddenResponse({ description: 'The user lacks the permission' }),
]);
const NotFound = ApiDocs(({ ApiNotFoundResponse }) => [ApiNotFoundResponse({ description: 'No such entry' })]);
const Conflict = ApiDocs(({ ApiConflictResponse }) => [
  ApiConflictResponse({ description: 'An entry for this id_view and question_name already exists' }),
]);

@ApiDocs(({ ApiTags }) => [ApiTags('help')])
@ErrorResponses
@AnswersWithTrailingSlash()
@UseInterceptors(DatabaseUnavailableInterceptor)
@Controller('help')
export class HelpController {
  constructor(private readonly helps: HelpService) {}

  @Get()
  @RequireHelpPermission('view')
  @ApiDocs(({ ApiOkResponse }) => [ApiOkResponse({ type: Help, isArray: true })])
  list(@Query(validateQuery) query: HelpListQueryDto): Promise<Help[]> {
    return this.helps.list(query);
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
  @RequireHelpPermission('add')
  @Conflict
  @ApiDocs(({ ApiCreatedResponse }) => [ApiCreatedResponse({ type: Help })])
  create(@Body(validateBody) body: CreateHelpDto): Promise<Help> {
    return this.helps.create(body);
  }

  @Put(':id')
  @RequireHelpPermission('change')
  @IdParam
  @NotFound
  @Conflict
  @ApiDocs(({ ApiOkResponse }) => [ApiOkResponse({ type: Help })])
  replace(@Param('id', parseId) id: number, @Body(validateBody) body: ReplaceHelpDto): Promise<Help> {
    return this.helps.replace(id, body);
  }

  @Patch(':id')
  @RequireHelpPermission('change')
  @IdParam
  @NotFound
  @Conflict
  @ApiDocs(({ ApiOkResponse }) => [ApiOkResponse({ type: Help })])
  update(@Param('id', parseId) id: number, @Body(validateBody) body: UpdateHelpDto): Promise<Help> {
    return this.helps.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireHelpPermission('delete')
  @IdParam
  @NotFound
  @ApiDocs(({ ApiNoContentResponse }) => [ApiNoContentResponse({ description: 'Entry removed' })])
  async remove(@Param('id', parseId) id: number): Promise<void> {
    await this.helps.remove(id);
  }
}
