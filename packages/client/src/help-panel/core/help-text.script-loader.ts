import { loadScriptChunk } from '../../lazy/script-chunk.loader.js';
import type { HelpTextSanitizer } from './help-text.loader.js';

/** The `<script>` bundles' sanitiser of help texts: widgetlib.help-text.min.js, next to the bundle. */
export function loadHelpTextSanitizer(): Promise<HelpTextSanitizer> {
  return loadScriptChunk<HelpTextSanitizer>('help-text');
}
