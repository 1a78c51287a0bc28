import { Help, HelpField, HelpFieldReport, HelpRevision, HelpUsageCounter } from './help/index.js';
import { ResourceRevision } from './resources/history/resource-revision.entity.js';
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
  ResourceRevision,
];
