import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { routeVerdict } from './route-permissions.checks.js';
import { routeRequirements, type RouteTargets } from './route-requirements.reader.js';
import { PermissionsService } from './permissions.service.js';
import { MissingPermissionsException } from './missing-permissions.exception.js';

@Injectable()
export class PermissionsGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly permissions: PermissionsService,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // A route without the decorator (the guard installed globally) is not this guard's to refuse.
    const targets = [context.getClass(), context.getHandler()] as unknown as RouteTargets;
    const required = routeRequirements(this.reflector, targets, this.config);
    if (required === null) return true;
    const verdict = routeVerdict(required, await this.permissions.permissionsOf(context.switchToHttp().getRequest()));
    if (verdict.allowed) return true;
    if (verdict.reason === 'unauthenticated') throw new UnauthorizedException('Authentication is required');
    throw new MissingPermissionsException(verdict.missing);
  }
}
