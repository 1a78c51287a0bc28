import { Controller, Get, Header, Inject, NotFoundException, Param, Query, Req } from '@nestjs/common';
import { jsonForScript, MenuService, SIDEBAR_FOOTER_CATEGORY, ViewName } from '@widgetlib/nest';
import { renderHelpPanelPage } from './help-panel-page.html.js';

export const HELP_PANEL_VIEW_ID = 'albums:edit';
export const HELP_PANEL_ASSETS = Symbol('HELP_PANEL_ASSETS');

export interface HelpPanelAssets {
  bundle: string;
  /** widgetlib.editor.min.js, which the bundle loads from next to its own address. */
  editor: string;
  /** The other parts it loads on first use, by file name (`widgetlib.help-text.min.js`...). */
  parts: Record<string, string>;
  css: string;
}

/** Serves a host's page whose sidebar footer the library renders, the client bundle and the panel's stylesheet. */
@Controller('help-panel-fixture')
export class HelpPanelFixtureController {
  constructor(
    @Inject(HELP_PANEL_ASSETS) private readonly assets: HelpPanelAssets,
    private readonly menus: MenuService,
  ) {}

  @Get('albums/edit')
  @ViewName(HELP_PANEL_VIEW_ID)
  @Header('Content-Type', 'text/html; charset=utf-8')
  async page(@Req() request: unknown, @Query('help_url') helpUrl?: string): Promise<string> {
    const footer = await this.menus.renderCategory(SIDEBAR_FOOTER_CATEGORY, request);
    // `?help_url=`: the page of a host whose help API is elsewhere (the panel's configuration says so).
    return renderHelpPanelPage(
      helpUrl ? footer.replace('"help_url":"/help/"', `"help_url":${jsonForScript(helpUrl)}`) : footer,
    );
  }

  @Get('widgetlib.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  bundle(): string {
    return this.assets.bundle;
  }

  @Get('widgetlib.editor.min.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  editor(): string {
    return this.assets.editor;
  }

  @Get('help-panel.css')
  @Header('Content-Type', 'text/css; charset=utf-8')
  css(): string {
    return this.assets.css;
  }

  // Last: the named files above are answered first.
  @Get(':file')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  part(@Param('file') file: string): string {
    const part = this.assets.parts[file];
    if (part === undefined) throw new NotFoundException();
    return part;
  }
}
