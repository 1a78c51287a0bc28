import { DataTableCounts, DataTablesExportInterceptor, DataTablesListInterceptor } from './datatables/internal.js';
import { Module, type DynamicModule, type NestModule, type Provider } from '@nestjs/common';
import { APP_INTERCEPTOR, DiscoveryModule, HttpAdapterHost, ModulesContainer, RouterModule } from '@nestjs/core';
import { acceptMissingBodies, addTrailingSlashRoutes } from './common/answers-with-trailing-slash.decorator.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DateFormatsService } from './dates/date-formats.service.js';
import { HelpCoverageController, HelpCoverageService } from './help/coverage/index.js';
import { HelpController, HelpRevisionsController, HelpService } from './help/entries/index.js';
import { HelpLanguageService } from './help/language/index.js';
import { HelpHistoryService } from './help/revisions/index.js';
import { HelpTransferController } from './help/transfer/index.js';
import { HelpUsageController, HelpUsageService } from './help/usage/index.js';
import { HelpWriteAuthorInterceptor } from './help/writes/index.js';
import { MenuService } from './menu/menu.service.js';
import { MenuWidgetRegistry } from './menu/menu-widget-registry.service.js';
import { PalleteWidget } from './menu/pallete-widget.service.js';
import { DataTableChanges, LiveNotices, LiveStreamController, LiveStreams, LiveTables } from './live/internal.js';
import { PermissionsGuard } from './permissions/permissions.guard.js';
import { PermissionsService } from './permissions/permissions.service.js';
import { SavedViewTables } from './saved-views/saved-view-tables.registry.js';
import { SavedViewsController } from './saved-views/saved-views.controller.js';
import { SavedViewsService } from './saved-views/saved-views.service.js';
import { ResourceHistoryService } from './resources/history/resource-history.service.js';
import { UserMessagesInterceptor } from './common/messages/user-messages.interceptor.js';
import { UrlResolver } from './views/url-resolver.service.js';
import { ViewContextInterceptor } from './views/view-context.interceptor.js';
import { resolveWidgetLibConfig, WIDGETLIB_CONFIG } from './widgetlib.config.js';
import { WIDGETLIB_ENTITIES } from './widgetlib.entities.js';
import {
  ConfigurableWidgetLibModule,
  WIDGETLIB_ASYNC_OPTIONS_TYPE,
  WIDGETLIB_MODULE_OPTIONS,
  WIDGETLIB_OPTIONS_TYPE,
} from './widgetlib.module-definition.js';
import type { WidgetLibModuleExtras, WidgetLibModuleOptions } from './widgetlib.options.js';

/**
 * The widgetlib module: help entries and their REST API, permissions, and the defaults of data
 * tables. Import it once, in the root module, with `forRoot()` or `forRootAsync()`; it is global.
 */
@Module({
  imports: [TypeOrmModule.forFeature(WIDGETLIB_ENTITIES), DiscoveryModule],
  // Fixed paths first: on Express, `GET /help/deleted` and `/help/export` must not reach `GET /help/:id`.
  controllers: [
    HelpCoverageController,
    HelpUsageController,
    HelpRevisionsController,
    HelpTransferController,
    HelpController,
    SavedViewsController,
    LiveStreamController,
  ],
  providers: [
    HelpService,
    HelpLanguageService,
    HelpHistoryService,
    HelpUsageService,
    HelpCoverageService,
    PermissionsService,
    PermissionsGuard,
    UrlResolver,
    { provide: APP_INTERCEPTOR, useClass: ViewContextInterceptor },
    { provide: APP_INTERCEPTOR, useClass: HelpWriteAuthorInterceptor },
    { provide: APP_INTERCEPTOR, useClass: UserMessagesInterceptor },
    MenuWidgetRegistry,
    PalleteWidget,
    MenuService,
    DateFormatsService,
    DataTablesListInterceptor,
    DataTablesExportInterceptor,
    DataTableCounts,
    SavedViewTables,
    SavedViewsService,
    LiveNotices,
    LiveTables,
    LiveStreams,
    DataTableChanges,
    ResourceHistoryService,
  ],
  exports: [
    WIDGETLIB_CONFIG,
    HelpService,
    HelpLanguageService,
    HelpHistoryService,
    HelpUsageService,
    HelpCoverageService,
    PermissionsService,
    PermissionsGuard,
    UrlResolver,
    MenuWidgetRegistry,
    MenuService,
    DateFormatsService,
    DataTablesListInterceptor,
    DataTablesExportInterceptor,
    DataTableCounts,
    SavedViewTables,
    SavedViewsService,
    DataTableChanges,
    ResourceHistoryService,
  ],
})
export class WidgetLibModule extends ConfigurableWidgetLibModule implements NestModule {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    liveTables: LiveTables,
    modules: ModulesContainer,
  ) {
    super();
    // Safe by default: the live stream is served only when a table is declared live. Declarations
    // sit on the host's controllers, known once Nest has scanned every module, after forRoot() has
    // named this module's controllers; and a check in the handler or a middleware would still leave
    // the route to the host's guards (a 401 where an unknown route is a 404) and in an OpenAPI
    // document. So the module, made after the scan and before any controller is made, routed or
    // documented, drops the stream's controller: `live/` is then an unknown route like any other.
    if (!liveTables.declared) for (const module of modules.values()) module.controllers.delete(LiveStreamController);
  }

  /** Nest configures modules before it registers routes: the moment to prepare the HTTP platform. */
  configure(): void {
    addTrailingSlashRoutes(this.adapterHost.httpAdapter);
    acceptMissingBodies(this.adapterHost.httpAdapter);
  }

  static override forRoot(options: typeof WIDGETLIB_OPTIONS_TYPE = {}): DynamicModule {
    return WidgetLibModule.complete(super.forRoot(options), options);
  }

  static override forRootAsync(options: typeof WIDGETLIB_ASYNC_OPTIONS_TYPE): DynamicModule {
    return WidgetLibModule.complete(super.forRootAsync(options), options);
  }

  private static complete(definition: DynamicModule, extras: WidgetLibModuleExtras): DynamicModule {
    const config: Provider = {
      provide: WIDGETLIB_CONFIG,
      useFactory: (options: WidgetLibModuleOptions) => resolveWidgetLibConfig(options, extras),
      inject: [WIDGETLIB_MODULE_OPTIONS],
    };
    const routePrefix = resolveWidgetLibConfig({}, extras).routePrefix;
    return {
      ...definition,
      global: true,
      imports: [
        ...(definition.imports ?? []),
        ...(routePrefix ? [RouterModule.register([{ path: routePrefix, module: WidgetLibModule }])] : []),
      ],
      providers: [...(definition.providers ?? []), config],
    };
  }
}
