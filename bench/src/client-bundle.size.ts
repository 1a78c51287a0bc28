import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface BundleSize {
  what: string;
  /** Gzip bytes, or `null` when it could not be measured (see `note`). */
  gzipBytes: number | null;
  note: string;
  /** The library's own code: what the client target bounds. */
  ownCode: boolean;
}

const gzipped = (content: Uint8Array) => gzipSync(content, { level: 9 }).length;

async function bundledEntry(entry: string, external: string[] | 'all'): Promise<number> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    outfile: 'entry.min.js',
    ...(external === 'all' ? { packages: 'external' as const } : { external }),
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles.find((file) => file.path.endsWith('entry.min.js'));
  if (!code) throw new Error('esbuild produced no bundle');
  return gzipped(code.contents);
}

/**
 * Issue 8 item 7: the browser bundles as built, the ES module entry bundled without DataTables and
 * jQuery, and the ES module entry with every package it imports left out (the library's own code).
 */
export async function measureClientBundles(clientPackage: string): Promise<BundleSize[]> {
  const sizes: BundleSize[] = [];
  for (const [file, what] of [
    ['dist/widgetlib.min.js', 'browser bundle dist/widgetlib.min.js'],
    ['dist/widgetlib.full.min.js', 'full browser bundle dist/widgetlib.full.min.js'],
  ] as const) {
    const path = join(clientPackage, file);
    sizes.push(
      existsSync(path)
        ? { what, gzipBytes: gzipped(readFileSync(path)), note: 'as built by the client package', ownCode: false }
        : { what, gzipBytes: null, note: 'not built: the file does not exist', ownCode: false },
    );
  }
  const entry = join(clientPackage, 'dist/index.js');
  if (!existsSync(entry)) {
    sizes.push({
      what: 'ES module entry dist/index.js',
      gzipBytes: null,
      note: 'not built: the file does not exist',
      ownCode: true,
    });
    return sizes;
  }
  sizes.push({
    what: 'ES module entry dist/index.js without DataTables and jQuery',
    gzipBytes: await bundledEntry(entry, ['datatables.net', 'datatables.net-*', 'jquery']),
    note: 'esbuild bundle, minified; DOMPurify, Tom Select and Luxon included',
    ownCode: false,
  });
  sizes.push({
    what: "ES module entry dist/index.js, every package left out (the library's own code)",
    gzipBytes: await bundledEntry(entry, 'all'),
    note: 'esbuild bundle, minified',
    ownCode: true,
  });
  return sizes;
}
