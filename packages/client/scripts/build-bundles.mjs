#!/usr/bin/env node
// Browser files of @widgetlib/client, after `tsc` has written the ES modules to dist/:
//   dist/widgetlib.min.js       <script> bundle, window.widgetlib; DataTables and jQuery left out:
//                               it uses the global `DataTable` that datatables.net's own script sets.
//   dist/widgetlib.full.min.js  the same with DataTables and its Responsive extension inside (also
//                               sets window.DataTable).
//   dist/widgetlib.editor.min.js  the help form's rich-text editor (Tiptap), which both bundles load
//                               with a <script> when a form opens (window.widgetlibRichTextEditor).
//   dist/widgetlib.es.min.js    the Spanish catalogue (with DataTables' published Spanish), which a
//                               host adds with a <script> after the bundle (README, Languages).
//   dist/widgetlib.<part>.min.js  the other parts both bundles load on first use (scripts/script-chunks.mjs),
//                               each URL with `?v=<its content hash>`, written into the bundles.
//   dist/widgetlib.css          the library's stylesheet (filter row, renderers, help panel, Tom Select).
//   dist/widgetlib.full.css     the same after DataTables' and Responsive's own stylesheets
//                               (datatables.net-dt, datatables.net-responsive-dt).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { datatablesFromGlobal } from './datatables-global.plugin.mjs';
import { partsFromScript } from './script-parts.plugin.mjs';
import { SCRIPT_CHUNKS } from './script-chunks.mjs';

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

const chunkFile = (name) => `widgetlib.${name}.min.js`;

// The parts first: the bundles carry their versions (the first 16 hex digits of the SHA-256 of each file).
await Promise.all(
  SCRIPT_CHUNKS.map(({ name, entry }) =>
    build({
      ...scriptOptions,
      entryPoints: [entry],
      outfile: join(dist, chunkFile(name)),
      plugins: [datatablesFromGlobal, partsFromScript],
    }),
  ),
);
const chunkVersions = Object.fromEntries(
  SCRIPT_CHUNKS.map(({ name }) => [
    name,
    createHash('sha256')
      .update(readFileSync(join(dist, chunkFile(name))))
      .digest('hex')
      .slice(0, 16),
  ]),
);
const bundleOptions = { ...scriptOptions, define: { WIDGETLIB_CHUNK_VERSIONS: JSON.stringify(chunkVersions) } };

await Promise.all([
  build({
    ...bundleOptions,
    entryPoints: ['src/browser.ts'],
    outfile: join(dist, 'widgetlib.min.js'),
    plugins: [datatablesFromGlobal, partsFromScript],
  }),
  build({
    ...scriptOptions,
    entryPoints: ['src/languages/spanish.script-entry.ts'],
    outfile: join(dist, 'widgetlib.es.min.js'),
  }),
  build({
    ...scriptOptions,
    entryPoints: ['src/help-panel/rich-text/rich-text.script-entry.ts'],
    outfile: join(dist, 'widgetlib.editor.min.js'),
  }),
  build({
    ...bundleOptions,
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
    plugins: [partsFromScript],
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
  ...SCRIPT_CHUNKS.map(({ name }) => chunkFile(name)),
  'widgetlib.css',
  'widgetlib.full.css',
]) {
  const content = readFileSync(join(dist, file));
  console.log(
    `${file.padEnd(32)} ${String(content.length).padStart(8)} B, gzip ${String(gzipSync(content, { level: 9 }).length).padStart(7)} B`,
  );
}
