import type { INestApplication } from '@nestjs/common';
import { UrlResolver } from './url-resolver.service.js';

/**
 * `app.setGlobalPrefix(prefix)` that `reverse()` follows too. Call it before `app.init()` /
 * `app.listen()`, like Nest's own method.
 */
export function setGlobalPrefix(app: INestApplication, prefix: string): void {
  app.setGlobalPrefix(prefix);
  app.get(UrlResolver).useGlobalPrefix(prefix);
}
