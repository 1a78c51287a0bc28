import { SCRIPT_CHUNKS_GLOBAL } from './script-chunk.types.js';

/** Called by a chunk file when it runs: the `<script>` bundle's loader finds `chunk` under `name`. */
export function registerScriptChunk(name: string, chunk: object): void {
  (window[SCRIPT_CHUNKS_GLOBAL] ??= {})[name] = chunk;
}
