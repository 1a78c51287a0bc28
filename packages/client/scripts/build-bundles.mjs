#!/usr/bin/env node
// Browser files of @widgetlib/client, after `tsc` has written the ES modules to dist/:
//   dist/widgetlib.min.js       <script> bundle, window.widgetlib; DataTables and jQuery left out:
//                               it uses the global `DataTable` that datatables.net's own script sets.
//   dist/widgetlib.full.min.js  the same with DataTables and its Responsive extension inside (also
//                               sets window.DataTable).
//   dist/widgetlib.editor.min.js  the help form's rich-text editor (Tiptap), which both bundles load
//                               with a <script> when a form opens (window.widgetlibRichTextEditor).
//   dist/widgetlib.css          the library's stylesheet (filter row, renderers, help panel, Tom Select).
//   dist/widgetlib.full.css     the same after DataTables' and Responsive's own stylesheets
//                               (datatables.net-dt, datatables.net-responsive-dt).
import { build } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { datatablesFromGlobal } from './datatables-global.plugin.mjs';
import { richTextFromScript } from './rich-text-script.plugin.mjs';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(packageRoot, 'dist');

const scriptOptions = {
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: 'linked',
  legalComments: 'eof',
  logLevel: 'warning',
  absWorkingDir: packageRoot,
};

/** CSS files of the capability folders (e.g. the help panel's), after the main stylesheet. */
function featureStylesheets() {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && path !== join(packageRoot, 'src', 'styles')) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.css')) found.push(path);
    }
  };
  walk(join(packageRoot, 'src'));
  return found.sort().map((path) => `./${relative(packageRoot, path).split('\\').join('/')}`);
}

function cssEntry(prefix = []) {
  const imports = [...prefix, './src/styles/widgetlib.css', ...featureStylesheets()];
  return {
    contents: imports.map((path) => `@import ${JSON.stringify(path)};`).join('\n'),
    resolveDir: packageRoot,
    loader: 'css',
  };
}

await Promise.all([
  build({
    ...scriptOptions,
    entryPoints: ['src/browser.ts'],
    outfile: join(dist, 'widgetlib.min.js'),
    plugins: [datatablesFromGlobal, richTextFromScript],
  }),
  build({
    ...scriptOptions,
    entryPoints: ['src/help-panel/rich-text/rich-text.script-entry.ts'],
    outfile: join(dist, 'widgetlib.editor.min.js'),
  }),
  build({
    ...scriptOptions,
    stdin: {
      // src/browser.ts with DataTables: package.json's "sideEffects" would drop a bare import of it.
      contents: [
        "import DataTable from 'datatables.net';",
        "import 'datatables.net-responsive';",
        "import * as widgetlib from './src/index.ts';",
        'window.DataTable ??= DataTable;',
        'window.widgetlib = widgetlib;',
      ].join('\n'),
      resolveDir: packageRoot,
      sourcefile: 'widgetlib-full.ts',
      loader: 'ts',
    },
    outfile: join(dist, 'widgetlib.full.min.js'),
    plugins: [richTextFromScript],
  }),
  build({
    bundle: true,
    logLevel: 'warning',
    absWorkingDir: packageRoot,
    stdin: cssEntry(),
    outfile: join(dist, 'widgetlib.css'),
  }),
  build({
    bundle: true,
    logLevel: 'warning',
    absWorkingDir: packageRoot,
    stdin: cssEntry([
      'datatables.net-dt/css/dataTables.dataTables.css',
      'datatables.net-responsive-dt/css/responsive.dataTables.css',
    ]),
    outfile: join(dist, 'widgetlib.full.css'),
  }),
]);

for (const file of [
  'widgetlib.min.js',
  'widgetlib.full.min.js',
  'widgetlib.editor.min.js',
  'widgetlib.css',
  'widgetlib.full.css',
]) {
  const content = readFileSync(join(dist, file));
  console.log(
    `${file.padEnd(24)} ${String(content.length).padStart(8)} B, gzip ${String(gzipSync(content, { level: 9 }).length).padStart(7)} B`,
  );
}
