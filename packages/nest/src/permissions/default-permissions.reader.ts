import { requestUser } from '../common/http-platform.reader.js';
import { ALL_PERMISSIONS } from './all-permissions.constants.js';

interface PermissionsHolder {
  permissions?: Iterable<string> | null;
}

interface RequestUser extends PermissionsHolder {
  isSuperuser?: boolean;
  groups?: PermissionsHolder[] | null;
}

/**
 * The default `getPermissions`: no `request.user` is "not authenticated"; otherwise the user's own
 * permissions plus those of each of their groups; `user.isSuperuser === true` holds every permission.
 * On Fastify the user may also sit on the raw request (`request.raw.user`), where middleware puts it.
 */
export function defaultGetPermissions(request: unknown): ReadonlySet<string> | null {
  const user = requestUser(request) as RequestUser | null | undefined;
  if (!user) return null;
  if (user.isSuperuser === true) return ALL_PERMISSIONS;
  const granted = new Set<string>(user.permissions ?? []);
  for (const group of user.groups ?? []) {
    for (const permission of group.permissions ?? []) granted.add(permission);
  }
  return granted;
}
