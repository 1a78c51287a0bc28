import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, mergeMap, type Observable } from 'rxjs';
import { PermissionsService } from '../../permissions/permissions.service.js';
import type { ActionRequirement } from '../resource-permissions.parser.js';
import { allows } from './trash-access.reader.js';

const TRASH_REQUIREMENTS = Symbol('widgetlib.trash-requirements');

interface TrashRequirements {
  restore?: ActionRequirement;
  purge?: ActionRequirement;
}

/**
 * Adds to the trash's envelope what the user may do with its rows: `permissions.restore` and
 * `permissions.purge` (false when the resource does not serve it), as the list answers `delete`.
 */
@Injectable()
export class TrashPermissionsInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly permissions: PermissionsService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const requirements = this.reflector.get<TrashRequirements | undefined>(TRASH_REQUIREMENTS, context.getHandler());
    const request = context.switchToHttp().getRequest<unknown>();
    return next.handle().pipe(
      mergeMap((envelope: unknown) =>
        from(
          this.permissions.permissionsOf(request).then((granted) => ({
            ...(envelope as object),
            permissions: {
              restore: allows(requirements?.restore, granted),
              purge: allows(requirements?.purge, granted),
              bulk: {},
            },
          })),
        ),
      ),
    );
  }
}

/** The trash route's answer says whether the user may restore (`delete`'s requirement) and purge. */
export function TrashPermissions(requirements: TrashRequirements): MethodDecorator {
  return applyDecorators(SetMetadata(TRASH_REQUIREMENTS, requirements), UseInterceptors(TrashPermissionsInterceptor));
}
