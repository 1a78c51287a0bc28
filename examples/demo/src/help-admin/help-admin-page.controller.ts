import { demoText } from '../pages/demo-texts.js';
import { Controller, Get, Req, Res } from '@nestjs/common';
import { DEFAULT_HELP_PERMISSIONS, RequirePermissions, ViewName, jsonForScript } from '@widgetlib/nest';
import type { Response } from 'express';
import type { DemoRequest } from '../auth/session-user.middleware.js';
import { PageRenderer } from '../pages/page.renderer.js';

/** The help entries admin page: a table served by the library's own `@DataTable`, with add, edit and delete. */
@Controller('help-entries')
@RequirePermissions(DEFAULT_HELP_PERMISSIONS.view)
export class HelpAdminPageController {
  constructor(private readonly pages: PageRenderer) {}

  @Get()
  @ViewName('help:admin')
  async page(@Req() request: DemoRequest, @Res() response: Response): Promise<void> {
    const granted = new Set(request.user?.permissions ?? []);
    await this.pages.render(response, 'help-entries', {
      title: demoText(this.pages.language(response), 'help.title'),
      nav: { help: true },
      scripts: ['/assets/help-entries.js', '/assets/help-coverage.js'],
      tableConfig: jsonForScript({
        url: '/api/help-entries/',
        helpUrl: '/api/help/',
        coverageUrl: '/api/help/coverage/',
        usageUrl: '/api/help/usage/',
        can: {
          add: granted.has(DEFAULT_HELP_PERMISSIONS.add),
          change: granted.has(DEFAULT_HELP_PERMISSIONS.change),
          delete: granted.has(DEFAULT_HELP_PERMISSIONS.delete),
        },
      }),
    });
  }
}
