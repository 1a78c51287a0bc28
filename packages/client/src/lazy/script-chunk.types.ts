/** The global on which each chunk file of the `<script>` bundles registers its module, by name. */
export const SCRIPT_CHUNKS_GLOBAL = 'widgetlibChunks';

declare global {
  interface Window {
    [SCRIPT_CHUNKS_GLOBAL]?: Record<string, object>;
  }
}

/** The file of a chunk, next to widgetlib.min.js: `widgetlib.<name>.min.js`. */
export function scriptChunkFile(name: string): string {
  return `widgetlib.${name}.min.js`;
}
