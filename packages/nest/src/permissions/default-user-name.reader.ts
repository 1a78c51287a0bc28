import { requestUser } from '../common/http-platform.reader.js';

const NAME_PROPERTIES = ['username', 'name', 'email', 'id'] as const;

/**
 * The default `getUserName`: the first of `username`, `name`, `email` and `id` that the request's
 * user (as `getPermissions` reads it) has as a string or number; `null` without a user or any of them.
 */
export function defaultGetUserName(request: unknown): string | null {
  const user = requestUser(request);
  if (!user || typeof user !== 'object') return null;
  for (const property of NAME_PROPERTIES) {
    const value = (user as Record<string, unknown>)[property];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
  }
  return null;
}
