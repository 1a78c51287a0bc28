// For the `<script>` (IIFE) bundles: the help form's editor loader is swapped for the one that adds
// <script src="widgetlib.editor.min.js"> (esbuild would otherwise inline the dynamic import, and with
// it the whole editor, into the bundle).
import { dirname, join } from 'node:path';

/** @type {import('esbuild').Plugin} */
export const richTextFromScript = {
  name: 'widgetlib-rich-text-from-script',
  setup(build) {
    build.onResolve({ filter: /(^|[\\/])rich-text\.loader\.js$/ }, (args) => ({
      path: join(args.resolveDir, dirname(args.path), 'rich-text-script.loader.ts'),
    }));
  },
};
