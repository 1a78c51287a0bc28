import { DataTable as BundledDataTable } from 'datatables.net';

/** The DataTables constructor with its static API (`DataTable.ext`, `DataTable.render`, ...). */
export type DataTableEngine = typeof BundledDataTable;

declare global {
  interface Window {
    /** Set by datatables.net's own `<script>` file. */
    DataTable?: DataTableEngine;
  }
}

let chosenEngine: DataTableEngine | undefined;

/**
 * Makes the tables use this DataTables (for example one a host imported with its extensions).
 * Without it the tables use the DataTables that `import 'datatables.net'` gives; in the `<script>`
 * bundle `widgetlib.min.js`, which leaves DataTables out, the global `DataTable` that datatables.net's
 * own script tag sets.
 */
export function useDataTable(engine: DataTableEngine): void {
  chosenEngine = engine;
}

export function dataTableEngine(): DataTableEngine {
  // `BundledDataTable` is undefined in widgetlib.min.js: its build resolves 'datatables.net' to nothing.
  const engine = chosenEngine ?? (BundledDataTable as DataTableEngine | undefined) ?? globalThis.window?.DataTable;
  if (!engine) {
    throw new Error(
      'widgetlib: DataTables is not loaded. Add datatables.net\'s script before widgetlib.min.js ' +
        '(it sets window.DataTable), use widgetlib.full.min.js, or call widgetlib.useDataTable(DataTable).',
    );
  }
  return engine;
}
