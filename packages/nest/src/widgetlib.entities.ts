import { HelpFieldReport } from './help/help-field-report.entity.js';
import { HelpField } from './help/help-field.entity.js';
import { HelpRevision } from './help/help-revision.entity.js';
import { HelpUsageCounter } from './help/help-usage-counter.entity.js';
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
