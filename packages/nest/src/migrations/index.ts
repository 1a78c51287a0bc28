import { CreateHelp1732190400000 } from './1732190400000-create-help.js';
import { CreateMenuItem1732276800000 } from './1732276800000-create-menu-item.js';

/** The library's migrations, in order; add them to the host's DataSource `migrations`. */
export const WIDGETLIB_MIGRATIONS = [CreateHelp1732190400000, CreateMenuItem1732276800000];
