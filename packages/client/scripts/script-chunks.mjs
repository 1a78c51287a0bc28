// The parts of the `<script>` bundles kept in files of their own, loaded on first use from next to
// widgetlib.min.js (src/lazy/script-chunk.loader.ts): dist/widgetlib.<name>.min.js.
export const SCRIPT_CHUNKS = [
  { name: 'help-text', entry: 'src/help-panel/core/help-text.script-entry.ts' },
  { name: 'help-authoring', entry: 'src/help-panel/help-authoring.script-entry.ts' },
  { name: 'remote-select', entry: 'src/datatables/filters/remote-select.script-entry.ts' },
  { name: 'saved-views', entry: 'src/datatables/saved-views/saved-views.script-entry.ts' },
  { name: 'bulk', entry: 'src/datatables/bulk/bulk.script-entry.ts' },
  { name: 'export', entry: 'src/datatables/export/export.script-entry.ts' },
  { name: 'inline-editing', entry: 'src/datatables/inline-editing/inline-editing.script-entry.ts' },
  { name: 'live', entry: 'src/datatables/live/live.script-entry.ts' },
];
