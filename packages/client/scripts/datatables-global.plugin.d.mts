import type { Plugin } from 'esbuild';

/** esbuild plugin that leaves DataTables out of a bundle: the library then uses the global `DataTable`. */
export declare const datatablesFromGlobal: Plugin;
