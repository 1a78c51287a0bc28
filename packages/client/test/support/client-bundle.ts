import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const clientRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Bundles a browser entry of the client package (default: the `<script>` bundle) for a test page. */
export async function bundleClient(entry = 'src/browser.ts'): Promise<string> {
  const result = await build({
    entryPoints: [resolve(clientRoot, entry)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
