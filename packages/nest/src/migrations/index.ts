import { CreateHelp1732190400000 } from './1732190400000-create-help.js';
import { CreateMenuItem1732276800000 } from './1732276800000-create-menu-item.js';
import { AddHelpVersion1763856000000 } from './1763856000000-add-help-version.js';
import { AddHelpLanguage1763942400000 } from './1763942400000-add-help-language.js';
import { CreateHelpRevision1764028800000 } from './1764028800000-create-help-revision.js';
import { CreateHelpUsage1764115200000 } from './1764115200000-create-help-usage.js';
import { CreateHelpField1764201600000 } from './1764201600000-create-help-field.js';
import { CreateSavedView1764288000000 } from './1764288000000-create-saved-view.js';
import { AggregateHelpUsage1764374400000 } from './1764374400000-aggregate-help-usage.js';
import { CreateSavedViewOwner1764381600000 } from './1764381600000-create-saved-view-owner.js';
import { CreateHelpFieldReport1764460800000 } from './1764460800000-create-help-field-report.js';
import { AddHelpFieldLabel1764547200000 } from './1764547200000-add-help-field-label.js';
import { CreateResourceRevision1764633600000 } from './1764633600000-create-resource-revision.js';

/** The library's migrations, in order; add them to the host's DataSource `migrations`. */
export const WIDGETLIB_MIGRATIONS = [
  CreateHelp1732190400000,
  CreateMenuItem1732276800000,
  AddHelpVersion1763856000000,
  AddHelpLanguage1763942400000,
  CreateHelpRevision1764028800000,
  CreateHelpUsage1764115200000,
  CreateHelpField1764201600000,
  CreateSavedView1764288000000,
  AggregateHelpUsage1764374400000,
  CreateSavedViewOwner1764381600000,
  CreateHelpFieldReport1764460800000,
  AddHelpFieldLabel1764547200000,
  CreateResourceRevision1764633600000,
];
