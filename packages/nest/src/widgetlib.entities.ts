import { HelpFieldReport } from './help/coverage/help-field-report.entity.js';
import { HelpField } from './help/coverage/help-field.entity.js';
import { HelpRevision } from './help/revisions/help-revision.entity.js';
import { HelpUsageCounter } from './help/usage/help-usage-counter.entity.js';
import { Help } from './help/help.entity.js';
import { MenuItem } from './menu/menu-item.entity.js';
import { SavedViewOwner } from './saved-views/saved-view-owner.entity.js';
import { SavedView } from './saved-views/saved-view.entity.js';

/** The library's TypeORM entities; list them in the host's DataSource or use `autoLoadEntities`. */
export const WIDGETLIB_ENTITIES = [
  Help,
  HelpRevision,
  HelpUsageCounter,
  HelpField,
  HelpFieldReport,
  MenuItem,
  SavedView,
  SavedViewOwner,
];
