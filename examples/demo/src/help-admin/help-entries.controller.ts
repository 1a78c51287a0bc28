import { Controller } from '@nestjs/common';
import { DataTableResource, DEFAULT_HELP_PERMISSIONS, Help, HelpController } from '@widgetlib/nest';

/**
 * The help entries as a data-table resource: the admin page's table, and nothing else. The page
 * reads and writes each entry through the library's help API (`/api/help/`), whose writes record
 * revisions and honour `If-Match`, so each row's actions point there and this resource declares
 * only `list`: it serves no route that writes. Its answer says what the user may do by the help
 * API's own routes (`permissions`), which the page's Add, Edit and Delete follow.
 */
@Controller('api/help-entries')
export class HelpEntriesController extends DataTableResource({
  entity: Help,
  name: 'help-entries',
  permissions: { list: DEFAULT_HELP_PERMISSIONS.view },
  dataTable: {
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
    actions: (help) => ({ edit_url: `/api/help/${help.id}/`, delete_url: `/api/help/${help.id}/` }),
    permissions: {
      create: [HelpController, 'create'],
      update: [HelpController, 'replace'],
      delete: [HelpController, 'remove'],
    },
  },
}) {}
