import type { WidgetLibConfig } from '../widgetlib.config.js';

/** A permission string, or one read from the module's configuration when the request arrives. */
export type PermissionRequirement = string | ((config: WidgetLibConfig) => string);
