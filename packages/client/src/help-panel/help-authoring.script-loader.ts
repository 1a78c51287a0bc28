import { loadScriptChunk } from '../lazy/script-chunk.loader.js';
import type { HelpAuthoringModule } from './help-authoring.loader.js';

/** The `<script>` bundles' help authoring: widgetlib.help-authoring.min.js, next to the bundle. */
export function loadHelpAuthoring(): Promise<HelpAuthoringModule> {
  return loadScriptChunk<HelpAuthoringModule>('help-authoring');
}
