import { Controller, Get, Post } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataTable, DEFAULT_HELP_PERMISSIONS, Help, RequirePermissions, type DataTableOptions } from '@widgetlib/nest';
import type { Repository, SelectQueryBuilder } from 'typeorm';

const HELP_ENTRIES_TABLE: DataTableOptions<Help> = {
  searchFields: ['id_view', 'question_name', 'help_title', 'help_text'],
  orderingFields: ['id_view', 'question_name', 'language', 'help_title'],
  defaultOrdering: ['id_view', 'question_name'],
  filters: {
    id_view: ['icontains', 'exact'],
    question_name: ['icontains'],
    language: ['icontains', 'exact', 'isnull'],
    help_title: ['icontains'],
    help_text: ['icontains'],
  },
  // Each row's actions point at the library's help API, the one way the page writes an entry.
  actions: (help) => ({ edit_url: `/api/help/${help.id}/`, delete_url: `/api/help/${help.id}/` }),
};

/**
 * The help entries admin page's table, read only: the library's `@DataTable` over `Help`. The page
 * adds, edits and deletes through the help API (`/api/help/`), whose writes honour `If-Match`; this
 * controller has no write route, so the demo has no second way to write help.
 */
@Controller('api/help-entries')
@RequirePermissions(DEFAULT_HELP_PERMISSIONS.view)
export class HelpEntriesController {
  constructor(@InjectRepository(Help) private readonly helps: Repository<Help>) {}

  @Get()
  @DataTable(HELP_ENTRIES_TABLE)
  list(): SelectQueryBuilder<Help> {
    return this.helps.createQueryBuilder('help');
  }

  /** The same list with its parameters in the body, which the table sends when they are long. */
  @Post('query')
  @DataTable(HELP_ENTRIES_TABLE)
  query(): SelectQueryBuilder<Help> {
    return this.list();
  }
}
