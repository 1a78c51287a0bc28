// For the `<script>` (IIFE) bundles: each loader of a part loaded on first use (`<name>.loader.ts`,
// a dynamic import() for bundlers) is swapped for its `<name>.script-loader.ts`, which adds
// <script src="widgetlib.<part>.min.js"> (esbuild would otherwise inline the dynamic import, and
// with it the whole part, into the bundle).
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** @type {import('esbuild').Plugin} */
export const partsFromScript = {
  name: 'widgetlib-parts-from-script',
  setup(build) {
    build.onResolve({ filter: /\.loader\.js$/ }, (args) => {
      const scriptLoader = join(
        args.resolveDir,
        dirname(args.path),
        `${basename(args.path, '.loader.js')}.script-loader.ts`,
      );
      return existsSync(scriptLoader) ? { path: scriptLoader } : undefined;
    });
  },
};
