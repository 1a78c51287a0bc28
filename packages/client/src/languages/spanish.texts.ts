// DataTables' own Spanish, as DataTables publishes it (datatables.net-plugins), not copied by hand.
import datatablesSpanish from 'datatables.net-plugins/i18n/es-ES.mjs';
import type { WidgetlibMessages } from '../texts/index.js';
import { SPANISH_HELP_PANEL_TEXTS } from './spanish-help-panel.texts.js';
import { SPANISH_TABLE_TEXTS } from './spanish-tables.texts.js';

/**
 * The keys DataTables' published Spanish lacks (Select's checkbox names, in DataTables 3), added under
 * it, and the words it gets wrong: SearchBuilder's column picker left in English ("Data"),
 * ColumnControl's select-all of a list as "Añadir" (add) and a typo; everything else is the
 * published file as it is.
 */
const published = datatablesSpanish as {
  select?: { aria?: object };
  searchBuilder?: object;
  columnControl?: { list?: object };
};
const datatables = {
  ...published,
  searchBuilder: { ...published.searchBuilder, data: 'Columna' },
  columnControl: {
    ...published.columnControl,
    orderAddDesc: 'Añadir a ordenación descendente',
    list: { ...published.columnControl?.list, all: 'Todos' },
  },
  select: {
    ...published.select,
    aria: { headerCheckbox: 'Seleccionar todas las filas', rowCheckbox: 'Seleccionar fila', ...published.select?.aria },
  },
};

/** The Spanish catalogue: `addLanguage('es', SPANISH)` (the script file widgetlib.es.min.js does it). */
export const SPANISH: WidgetlibMessages = {
  tables: SPANISH_TABLE_TEXTS,
  helpPanel: SPANISH_HELP_PANEL_TEXTS,
  datatables,
};
