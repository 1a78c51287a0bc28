import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, relative, resolve, sep } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';

/** A folder served under a URL prefix; several folders may share a prefix (the first with the file wins). */
export interface AssetFolder {
  prefix: string;
  directory: string;
}

/** A year: what a versioned URL may be cached for, unchanged (a new file gets a new URL). */
export const VERSIONED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** An unversioned URL may be kept, but is asked about again (ETag, Last-Modified) before each use. */
export const UNVERSIONED_CACHE_CONTROL = 'no-cache';

const escapeAttribute = (text: string) => text.replace(/[&"'<>]/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The version of each served file: a hash of its content, so that a new build or an edited file gets
 * a new URL (`/assets/demo.css?v=<hash>`). Kept per file until its size or modification time changes.
 */
export class AssetVersions {
  private readonly known = new Map<string, { stamp: string; version: string }>();

  constructor(private readonly folders: readonly AssetFolder[]) {}

  /**
   * The versioned URL of an asset URL path, escaped for an HTML attribute; a path that names no
   * served file throws (a typo in a page fails loudly).
   */
  url(path: string): string {
    const file = this.fileOf(path);
    if (!file) throw new Error(`No static asset is served at ${path}`);
    return `${escapeAttribute(path)}?v=${this.versionOf(file)}`;
  }

  /** The content hash of a served file. */
  versionOf(file: string): string {
    const stats = statSync(file);
    const stamp = `${stats.size}:${stats.mtimeMs}`;
    const known = this.known.get(file);
    if (known?.stamp === stamp) return known.version;
    const version = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
    this.known.set(file, { stamp, version });
    return version;
  }

  /** The file an asset URL path is served from, as the static middleware finds it; null when none is. */
  private fileOf(path: string): string | null {
    for (const { prefix, directory } of this.folders) {
      if (!path.startsWith(prefix)) continue;
      const root = resolve(directory);
      const file = resolve(join(root, decodeURIComponent(path.slice(prefix.length))));
      if (relative(root, file).startsWith(`..${sep}`) || file === root) continue;
      try {
        if (statSync(file).isFile()) return file;
      } catch {
        // Not in this folder: the next folder of the prefix may have it.
      }
    }
    return null;
  }
}

/**
 * Serves the folders. A URL whose `v` is the served file's current version is cached for a year
 * (`immutable`); any other URL of an asset is revalidated on each use, so an old page's URL never
 * keeps a stale file for good.
 */
export function serveStaticAssets(
  app: NestExpressApplication,
  versions: AssetVersions,
  folders: readonly AssetFolder[],
): void {
  const setHeaders = (response: ServerResponse & { req: Request }, file: string) => {
    const asked = response.req.query.v;
    const versioned = typeof asked === 'string' && asked === versions.versionOf(file);
    response.setHeader('Cache-Control', versioned ? VERSIONED_CACHE_CONTROL : UNVERSIONED_CACHE_CONTROL);
  };
  for (const { prefix, directory } of folders) app.useStaticAssets(directory, { prefix, setHeaders });
}
