import { settingsTable, tableRecord, type DataTableEngine, type DataTablesSettings } from './core/index.js';

/**
 * The table element for `id`: an element id (`"albums"`) or a CSS selector (`"#albums"`), or the
 * element itself. A non-table element gets a `<table>` built inside it.
 */
export function resolveTableElement(id: string | HTMLElement): HTMLTableElement {
  let element: Element | null = typeof id === 'string' ? document.getElementById(id) : id;
  if (!element && typeof id === 'string') {
    try {
      element = document.querySelector(id);
    } catch {
      element = null;
    }
  }
  if (!element) throw new Error(`widgetlib: no element matches the table id ${JSON.stringify(id)}`);
  if (element instanceof HTMLTableElement) return element;
  const table = document.createElement('table');
  if (element.id) table.id = `${element.id}-table`;
  element.append(table);
  return table;
}

const errorModeInstalled = new WeakSet<object>();

/**
 * DataTables' default error mode is `alert()`. For widgetlib's tables its warnings go to the console
 * (a failed request is shown inside the table by the loader); other tables keep the mode they had.
 */
export function installErrorMode(DataTable: DataTableEngine): void {
  if (errorModeInstalled.has(DataTable.ext)) return;
  errorModeInstalled.add(DataTable.ext);
  const previous = DataTable.ext.errMode;
  DataTable.ext.errMode = (settings: DataTablesSettings, techNote: number | undefined, message: string) => {
    if (tableRecord(settingsTable(settings))) {
      console.warn(message);
      return;
    }
    if (typeof previous === 'function') (previous as (...args: unknown[]) => void)(settings, techNote, message);
    else if (previous === 'throw') throw new Error(message);
    else if (previous === 'alert') window.alert(message);
  };
}
