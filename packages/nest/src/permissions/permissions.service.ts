import { Injectable } from '@nestjs/common';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';

/** Asks the host's permission system what a request's user holds (`getPermissions`) and who they are (`getUserName`). */
@Injectable()
export class PermissionsService {
  constructor(@InjectWidgetLibConfig() private readonly config: WidgetLibConfig) {}

  /** The user's permissions, or `null` when the request is not authenticated. */
  async permissionsOf(request: unknown): Promise<ReadonlySet<string> | null> {
    const granted = await this.config.getPermissions(request);
    if (granted == null) return null;
    return granted instanceof Set ? granted : new Set(granted);
  }

  /** Who the request's user is (the `getUserName` option), at most 255 characters; `null`: unknown. */
  async userNameOf(request: unknown): Promise<string | null> {
    const name = await this.config.getUserName(request);
    return name ? name.slice(0, 255) : null;
  }
}
