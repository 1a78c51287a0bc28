import * as datatables from 'datatables.net';
import type { Api, Config } from 'datatables.net';

/** What the tables use of the DataTables constructor; DataTables 2.3's and 3.x's both are one. */
export interface DataTableEngine {
  new (table: HTMLElement, options: Config): Api;
  ext: { errMode?: unknown };
}

// The default export: DataTables 2.3's ES module has no other (3.x also exports `DataTable`). Its
// declarations say CommonJS, so the value is read here without them.
const BundledDataTable = (datatables as { default?: unknown }).default as DataTableEngine | undefined;

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
  const engine = chosenEngine ?? BundledDataTable ?? globalThis.window?.DataTable;
  if (!engine) {
    throw new Error(
      "widgetlib: DataTables is not loaded. Add datatables.net's script before widgetlib.min.js " +
        '(it sets window.DataTable), use widgetlib.full.min.js, or call widgetlib.useDataTable(DataTable).',
    );
  }
  return engine;
}
