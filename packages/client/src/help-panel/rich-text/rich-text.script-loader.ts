import { injectScript } from '../../lazy/script-chunk.loader.js';
import { RICH_TEXT_GLOBAL, type RichTextEditorModule } from './rich-text.types.js';

/** The editor's file, next to the `<script>` bundle (dist/). */
export const RICH_TEXT_SCRIPT_FILE = 'widgetlib.editor.min.js';

// Only known while the bundle's own <script> runs, hence read when this module is evaluated.
const bundleSrc = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : '';

const loading = new Map<string, Promise<RichTextEditorModule>>();

/**
 * The `<script>` bundles' editor loader: adds `<script src="widgetlib.editor.min.js">` from the folder
 * of the bundle's own script, or from `editorUrl`, once per address; a failed load is tried again by
 * the next form.
 */
export function loadRichTextEditor(editorUrl?: string): Promise<RichTextEditorModule> {
  const registered = window[RICH_TEXT_GLOBAL];
  if (registered) return Promise.resolve(registered);
  const url = editorUrl ?? (bundleSrc ? new URL(RICH_TEXT_SCRIPT_FILE, bundleSrc).href : '');
  if (!url) return Promise.reject(new Error('no editorUrl set and the bundle was not loaded by a <script src>'));
  let pending = loading.get(url);
  if (!pending) {
    pending = injectScript(url, () => window[RICH_TEXT_GLOBAL], 'the rich-text editor');
    loading.set(url, pending);
    pending.catch(() => loading.delete(url));
  }
  return pending;
}
