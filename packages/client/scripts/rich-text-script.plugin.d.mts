import type { Plugin } from 'esbuild';

/** esbuild plugin for the `<script>` bundles: the help form loads its editor from widgetlib.editor.min.js. */
export declare const richTextFromScript: Plugin;
