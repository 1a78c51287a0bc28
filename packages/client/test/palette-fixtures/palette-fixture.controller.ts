import { Controller, Get, Header, Inject, Query, Req } from '@nestjs/common';
import { jsonForScript, MenuService, SIDEBAR_FOOTER_CATEGORY, ViewName } from '../../../nest/src/index.js';
import { renderPalettePage } from './palette-page.html.js';

export const PALETTE_VIEW_ID = 'albums:edit';
export const PALETTE_ASSETS = Symbol('PALETTE_ASSETS');

export interface PaletteAssets {
  bundle: string;
  css: string;
}

/** Serves a host's page whose sidebar footer the library renders, the client bundle and the panel's stylesheet. */
@Controller('palette-fixture')
export class PaletteFixtureController {
  constructor(
    @Inject(PALETTE_ASSETS) private readonly assets: PaletteAssets,
    private readonly menus: MenuService,
  ) {}

  @Get('albums/edit')
  @ViewName(PALETTE_VIEW_ID)
  @Header('Content-Type', 'text/html; charset=utf-8')
  async page(@Req() request: unknown, @Query('help_url') helpUrl?: string): Promise<string> {
    const footer = await this.menus.renderCategory(SIDEBAR_FOOTER_CATEGORY, request);
    // `?help_url=`: the page of a host whose help API is elsewhere (the panel's configuration says so).
    return renderPalettePage(helpUrl ? footer.replace('"help_url":"/help/"', `"help_url":${jsonForScript(helpUrl)}`) : footer);
  }

  @Get('widgetlib.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  bundle(): string {
    return this.assets.bundle;
  }

  @Get('palette.css')
  @Header('Content-Type', 'text/css; charset=utf-8')
  css(): string {
    return this.assets.css;
  }
}
