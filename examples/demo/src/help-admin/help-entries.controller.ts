import { Controller } from '@nestjs/common';
import { CreateHelpDto, DataTableResource, DEFAULT_HELP_PERMISSIONS, Help, ReplaceHelpDto } from '@widgetlib/nest';

/**
 * The help entries as a data-table resource: the admin page's table. The page writes through the
 * library's help API (`/api/help/`), whose writes record revisions and honour `If-Match`, so each
 * row's actions point there.
 */
@Controller('api/help-entries')
export class HelpEntriesController extends DataTableResource({
  entity: Help,
  name: 'help-entries',
  createDto: CreateHelpDto,
  updateDto: ReplaceHelpDto,
  permissions: {
    list: DEFAULT_HELP_PERMISSIONS.view,
    retrieve: DEFAULT_HELP_PERMISSIONS.view,
    create: DEFAULT_HELP_PERMISSIONS.add,
    update: DEFAULT_HELP_PERMISSIONS.change,
    delete: DEFAULT_HELP_PERMISSIONS.delete,
  },
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
  },
}) {}
