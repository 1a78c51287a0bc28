import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { partsFromScript } from '../../scripts/script-parts.plugin.mjs';
import { SCRIPT_CHUNKS } from '../../scripts/script-chunks.mjs';

const clientRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Bundles a browser entry of the client package (default: the `<script>` bundle) for a test page; like
 * dist/widgetlib.min.js, it loads the help form's editor from `widgetlib.editor.min.js` next to it
 * (see `bundleRichTextEditor`), and its other parts from `widgetlib.<part>.min.js` (`bundleScriptParts`).
 */
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
    plugins: [partsFromScript],
  });
  return result.outputFiles[0]!.text;
}

/** The help form's rich-text editor as dist/widgetlib.editor.min.js has it. */
export function bundleRichTextEditor(): Promise<string> {
  return bundleClient('src/help-panel/rich-text/rich-text.script-entry.ts');
}

/** The parts the `<script>` bundle loads on first use, by file name (`widgetlib.<part>.min.js`). */
export async function bundleScriptParts(): Promise<Record<string, string>> {
  const parts = await Promise.all(
    SCRIPT_CHUNKS.map(async ({ name, entry }) => [`widgetlib.${name}.min.js`, await bundleClient(entry)] as const),
  );
  return Object.fromEntries(parts);
}
