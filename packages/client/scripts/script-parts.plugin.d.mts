import type { Plugin } from 'esbuild';

/**
 * esbuild plugin for the `<script>` bundles: the parts loaded on first use (the help form's editor,
 * export, ...) are loaded from their own files (`widgetlib.<part>.min.js`) next to the bundle.
 */
export declare const partsFromScript: Plugin;
