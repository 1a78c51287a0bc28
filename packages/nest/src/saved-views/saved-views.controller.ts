import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Patch,
  Post,
  Put,
  Req,
  UseInterceptors,
} from '@nestjs/common';
import { DatabaseUnavailableInterceptor } from '../common/database-unavailable.interceptor.js';
import { type HttpRequest } from '../common/http-platform.reader.js';
import { AnswersWithTrailingSlash } from '../common/answers-with-trailing-slash.decorator.js';
import { ApiDocs } from '../common/api-docs.decorator.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { bodyValidationPipe } from '../common/checked-validation.pipe.js';
import { requirePermissionsMetadata } from '../permissions/permissions.decorator.js';
import { PermissionsService } from '../permissions/permissions.service.js';
import { MissingPermissionsException } from '../permissions/missing-permissions.exception.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { CreateSavedViewDto, CurrentStateDto, StateRestoreDto, UpdateSavedViewDto } from './saved-view.dto.js';
import type { SavedState } from './saved-view-state.parser.js';
import { SavedViewTables } from './saved-view-tables.registry.js';
import { SavedViewsService, type SavedViewRecord, type SavedViewUser } from './saved-views.service.js';
import { parseStateText, stateRestoreAnswer, type StateRestoreEntry } from './state-restore.format.js';
import { SAVED_VIEWS_PER_TABLE } from './saved-view.constants.js';
import { StateRestoreBodyPipe } from './state-restore-body.pipe.js';
import {
  STATE_RESTORE_V1_ACTIONS,
  type StateRestoreV1Action,
  stateRestoreV1Answer,
  typedStateV1,
  viewNamedV1,
  viewNameProblem,
} from './state-restore-v1.format.js';

const isStateRestoreV1Action = (action: string): action is StateRestoreV1Action =>
  (STATE_RESTORE_V1_ACTIONS as readonly string[]).includes(action);

const parseId = new ParseIdPipe();
const validateBody = bodyValidationPipe();

const ErrorResponses = ApiDocs(
  ({ ApiBadRequestResponse, ApiUnauthorizedResponse, ApiForbiddenResponse, ApiNotFoundResponse }) => [
    ApiBadRequestResponse({ description: 'The body or the state is invalid; the message names each problem' }),
    ApiUnauthorizedResponse({ description: 'No authenticated user' }),
    ApiForbiddenResponse({
      description: "The user may not list the table, has no user name, or changes another user's shared view",
    }),
    ApiNotFoundResponse({
      description: "No such table with saved views, or no such view (another user's private one)",
    }),
  ],
);

/**
 * Saved views of the `@DataTable` tables that have an `id`: per user and table, shared read-only
 * with the table's other users, each state checked against the table's options. A user needs the
 * permissions of the table's list and a user name (`getUserName`).
 */
@ApiDocs(({ ApiTags }) => [ApiTags('saved-views')])
@ErrorResponses
@AnswersWithTrailingSlash()
@UseInterceptors(DatabaseUnavailableInterceptor)
@requirePermissionsMetadata()
@Controller('saved-views/:table')
export class SavedViewsController {
  constructor(
    private readonly tables: SavedViewTables,
    private readonly views: SavedViewsService,
    private readonly permissions: PermissionsService,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
  ) {}

  @Get()
  @ApiDocs(({ ApiOkResponse }) => [ApiOkResponse({ description: "The user's views, then those shared with them" })])
  async list(@Param('table') table: string, @Req() request: HttpRequest): Promise<SavedViewRecord[]> {
    return this.views.list(await this.user(table, request));
  }

  @Post()
  @ApiDocs(({ ApiCreatedResponse }) => [ApiCreatedResponse({ description: 'The view as saved' })])
  async create(
    @Param('table') table: string,
    @Body(validateBody) body: CreateSavedViewDto,
    @Req() request: HttpRequest,
  ): Promise<SavedViewRecord> {
    return this.views.create(await this.user(table, request), body);
  }

  @Get('current')
  @ApiDocs(({ ApiOkResponse }) => [
    ApiOkResponse({ description: "`{ state }`: the state the user's table was last left in (null: none)" }),
  ])
  async current(@Param('table') table: string, @Req() request: HttpRequest): Promise<{ state: SavedState | null }> {
    return { state: await this.views.current(await this.user(table, request)) };
  }

  @Put('current')
  @HttpCode(204)
  async saveCurrent(
    @Param('table') table: string,
    @Body(validateBody) body: CurrentStateDto,
    @Req() request: HttpRequest,
  ): Promise<void> {
    await this.views.saveCurrent(await this.user(table, request), body.state);
  }

  @Delete('current')
  @HttpCode(204)
  async clearCurrent(@Param('table') table: string, @Req() request: HttpRequest): Promise<void> {
    await this.views.clearCurrent(await this.user(table, request));
  }

  /** DataTables StateRestore's Ajax protocol (`stateRestore: { ajax }`), one `action` a request. */
  @Post('state-restore')
  @HttpCode(200)
  @ApiDocs(({ ApiOkResponse }) => [ApiOkResponse({ description: '`{ data: [states] }`, as StateRestore reads it' })])
  async stateRestore(
    @Param('table') table: string,
    @Body(new StateRestoreBodyPipe(), validateBody) body: StateRestoreDto,
    @Req() request: HttpRequest,
  ): Promise<{ data: StateRestoreEntry[] } | Record<string, unknown>> {
    const user = await this.user(table, request);
    if (isStateRestoreV1Action(body.action)) return this.stateRestoreV1(user, body.action, body.stateRestore);
    const state = () => {
      if (body.state === undefined) throw new BadRequestException(`${body.action} needs state`);
      const parsed = parseStateText(body.state);
      if ('problem' in parsed) throw new BadRequestException(parsed.problem);
      return parsed.state;
    };
    const changes = () => ({ name: body.name, shared: body.isSharedOut, isDefault: body.isDefault });
    switch (body.action) {
      case 'state-read':
        return stateRestoreAnswer(await this.views.list(user));
      case 'state-create':
        return stateRestoreAnswer([await this.views.create(user, { ...changes(), state: state() })]);
      case 'state-edit':
        if (body.id === undefined) throw new BadRequestException('state-edit needs id');
        return stateRestoreAnswer([await this.views.update(user, body.id, { ...changes(), state: state() })]);
      case 'state-remove':
        if (!body.ids?.length) throw new BadRequestException('state-remove needs ids');
        await this.views.remove(user, body.ids);
        return { data: [] };
    }
  }

  @Get(':id')
  @ApiDocs(({ ApiOkResponse }) => [ApiOkResponse({ description: 'The view, own or shared' })])
  async load(
    @Param('table') table: string,
    @Param('id', parseId) id: number,
    @Req() request: HttpRequest,
  ): Promise<SavedViewRecord> {
    return this.views.load(await this.user(table, request), id);
  }

  @Patch(':id')
  @ApiDocs(({ ApiOkResponse }) => [ApiOkResponse({ description: 'The view as changed' })])
  async update(
    @Param('table') table: string,
    @Param('id', parseId) id: number,
    @Body(validateBody) body: UpdateSavedViewDto,
    @Req() request: HttpRequest,
  ): Promise<SavedViewRecord> {
    return this.views.update(await this.user(table, request), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(
    @Param('table') table: string,
    @Param('id', parseId) id: number,
    @Req() request: HttpRequest,
  ): Promise<void> {
    await this.views.remove(await this.user(table, request), [id]);
  }

  /**
   * StateRestore 1.x's protocol on the same views: `load` answers every state by name; `save`
   * overwrites the user's view of that name or creates it; `rename` and `remove` find it by name.
   */
  private async stateRestoreV1(
    user: SavedViewUser,
    action: StateRestoreV1Action,
    named: Record<string, unknown> | undefined,
  ): Promise<Record<string, unknown>> {
    const views = await this.views.list(user);
    if (action === 'load') return stateRestoreV1Answer(views);
    const entries = Object.entries(named ?? {});
    if (entries.length === 0) throw new BadRequestException(`${action} needs stateRestore[<state name>]`);
    if (entries.length > SAVED_VIEWS_PER_TABLE) {
      throw new BadRequestException(`stateRestore names at most ${SAVED_VIEWS_PER_TABLE} states`);
    }
    const problems = entries.flatMap(([name, value]) => [
      viewNameProblem(name, `stateRestore[${name.slice(0, 100)}]`),
      action === 'rename' ? viewNameProblem(value, `the new name of ${JSON.stringify(name.slice(0, 100))}`) : null,
    ]);
    const problem = problems.find((found) => found !== null);
    if (problem) throw new BadRequestException(problem);
    const changed: SavedViewRecord[] = [];
    for (const [name, value] of entries) {
      const view = viewNamedV1(views, name);
      if (action === 'save') {
        const state = typedStateV1(value);
        changed.push(
          view
            ? await this.views.update(user, view.id, { state })
            : await this.views.create(user, { name: name.trim(), state }),
        );
        continue;
      }
      if (!view) throw new NotFoundException(`No saved view named ${JSON.stringify(name.slice(0, 100))}`);
      if (action === 'rename') changed.push(await this.views.update(user, view.id, { name: (value as string).trim() }));
      else await this.views.remove(user, [view.id]);
    }
    return stateRestoreV1Answer(changed);
  }

  /** The request's user on the table: 404 for a table without saved views, 403 without its permissions. */
  private async user(tableId: string, request: HttpRequest): Promise<SavedViewUser> {
    const table = this.tables.get(tableId);
    if (!table) throw new NotFoundException(`No table ${JSON.stringify(tableId.slice(0, 100))} has saved views`);
    const granted = (await this.permissions.permissionsOf(request))!;
    const required = table.requirements.map((requirement) =>
      typeof requirement === 'function' ? requirement(this.config) : requirement,
    );
    const missing = [...new Set(required)].filter((permission) => !granted.has(permission));
    if (missing.length > 0) throw new MissingPermissionsException(missing);
    const name = await this.permissions.userNameOf(request);
    if (!name) throw new ForbiddenException('Saved views belong to a user: the request has no user name');
    return { table, name };
  }
}
