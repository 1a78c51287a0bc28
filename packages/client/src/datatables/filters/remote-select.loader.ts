import type { RemoteSelectModule } from './remote-select.types.js';

/**
 * The remote select (Tom Select), loaded when a filter row has a select2 column (a separate chunk
 * for bundlers). The `<script>` bundles replace this file with remote-select.script-loader.ts.
 */
export function loadRemoteSelect(): Promise<RemoteSelectModule> {
  return import('./remote-select.component.js');
}
