import { SCRIPT_CHUNKS_GLOBAL, scriptChunkFile } from './script-chunk.types.js';

/**
 * The content version of each chunk file (`?v=` of its URL, the first 16 hex digits of its SHA-256),
 * written in by scripts/build-bundles.mjs; absent from bundles made without it (tests).
 */
declare const WIDGETLIB_CHUNK_VERSIONS: Readonly<Record<string, string>> | undefined;

// Only known while the bundle's own <script> runs, hence read when this module is evaluated.
const bundleSrc = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : '';

const loading = new Map<string, Promise<object>>();

/** The address of a chunk file: next to the bundle's own script, with its content version. */
export function scriptChunkUrl(name: string, base: string = bundleSrc): string {
  if (!base) throw new Error(`widgetlib: ${scriptChunkFile(name)} is found next to widgetlib.min.js's <script src>`);
  const url = new URL(scriptChunkFile(name), base);
  const version = typeof WIDGETLIB_CHUNK_VERSIONS === 'undefined' ? undefined : WIDGETLIB_CHUNK_VERSIONS[name];
  if (version) url.searchParams.set('v', version);
  return url.href;
}

/** Adds `<script src="url">` and resolves with what it registered (`registered()`, `what` naming it). */
export function injectScript<T>(url: string, registered: () => T | undefined, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => {
      const loaded = registered();
      if (loaded) resolve(loaded);
      else reject(new Error(`${url} did not register ${what}`));
    });
    script.addEventListener('error', () => reject(new Error(`${url} could not be loaded`)));
    document.head.append(script);
  });
}

/** Adds `<script src="url">` and resolves with what it registered under `name`. */
export function injectChunkScript(url: string, name: string): Promise<object> {
  return injectScript(url, () => window[SCRIPT_CHUNKS_GLOBAL]?.[name], `widgetlib's ${name} part`);
}

/**
 * The `<script>` bundles' loader of a part used by few pages (export, help coverage...): adds
 * `<script src="widgetlib.<name>.min.js">` from the folder of the bundle's own script, once; a
 * failed load is tried again by the next use.
 */
export function loadScriptChunk<T extends object>(name: string): Promise<T> {
  const registered = window[SCRIPT_CHUNKS_GLOBAL]?.[name];
  if (registered) return Promise.resolve(registered as T);
  let pending = loading.get(name);
  if (!pending) {
    try {
      pending = injectChunkScript(scriptChunkUrl(name), name);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    loading.set(name, pending);
    pending.catch(() => loading.delete(name));
  }
  return pending as Promise<T>;
}
