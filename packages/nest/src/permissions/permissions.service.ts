import { Injectable } from '@nestjs/common';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';

/** Asks the host's permission system (the `getPermissions` option) what a request's user holds. */
@Injectable()
export class PermissionsService {
  constructor(@InjectWidgetLibConfig() private readonly config: WidgetLibConfig) {}

  /** The user's permissions, or `null` when the request is not authenticated. */
  async permissionsOf(request: unknown): Promise<ReadonlySet<string> | null> {
    const granted = await this.config.getPermissions(request);
    if (granted == null) return null;
    return granted instanceof Set ? granted : new Set(granted);
  }
}
