import {
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { REQUIRED_PERMISSIONS_METADATA } from './permissions.constants.js';
import type { PermissionRequirement } from './permission-requirement.types.js';
import { PermissionsService } from './permissions.service.js';

@Injectable()
export class PermissionsGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly permissions: PermissionsService,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getClass(), context.getHandler()];
    // A route without the decorator (the guard installed globally) is not this guard's to refuse.
    if (targets.every((target) => this.reflector.get(REQUIRED_PERMISSIONS_METADATA, target) === undefined)) return true;
    const requirements = this.reflector.getAllAndMerge<PermissionRequirement[]>(REQUIRED_PERMISSIONS_METADATA, targets);
    const granted = await this.permissions.permissionsOf(context.switchToHttp().getRequest());
    if (!granted) throw new UnauthorizedException('Authentication is required');

    const required = requirements.map((requirement) =>
      typeof requirement === 'function' ? requirement(this.config) : requirement,
    );
    const missing = required.filter((permission) => !granted.has(permission));
    if (missing.length > 0) {
      throw new ForbiddenException(`Missing permission${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
    }
    return true;
  }
}
