import type { Api } from 'datatables.net';

/** Class of the container that scrolls a table sideways (overflow `scroll`). */
export const SCROLL_REGION_CLASS = 'widgetlib-table-scroll';

/** Class of a table whose columns Responsive collapses (overflow `responsive`). */
export const RESPONSIVE_TABLE_CLASS = 'widgetlib-responsive';

/** Where a column is: shown, collapsed into the child rows by Responsive, or hidden (column visibility). */
export type ColumnPlacement = 'shown' | 'collapsed' | 'hidden';

/** Whether a DataTables constructor has the Responsive extension (it sets `DataTable.Responsive`). */
export function hasResponsiveExtension(engine: object): boolean {
  return 'Responsive' in engine && Boolean((engine as { Responsive?: unknown }).Responsive);
}

/**
 * Puts the table into a container of its own that scrolls sideways, so that the scrollbar is right
 * under the rows rather than under the pager. With a `label` (overflow `scroll`) the container can
 * take the keyboard focus (arrow keys scroll it) and is named by it; without one it is only the
 * safety net of a Responsive table, whose filter row can be a few pixels wider than Responsive
 * measured (it sizes columns by their headers and cells).
 */
export function wrapInScrollRegion(api: Api, label: string | null): HTMLElement {
  const table = api.table().node() as HTMLElement;
  let region = table.parentElement;
  if (!region?.classList.contains(SCROLL_REGION_CLASS)) {
    region = document.createElement('div');
    region.className = SCROLL_REGION_CLASS;
    table.before(region);
    region.append(table);
  }
  if (label === null) return region;
  region.tabIndex = 0;
  region.setAttribute('role', 'region');
  region.setAttribute('aria-label', label);
  return region;
}

// Responsive keeps its state on DataTables' settings object; its `columns().responsiveHidden()` says
// "hidden" for every column of a table it does not manage, so the state is looked for first.
interface ResponsiveColumnsApi {
  responsiveHidden?: () => { toArray(): unknown[] };
}

function isManagedByResponsive(api: Api): boolean {
  const [settings] = (api.settings() as unknown as { toArray(): unknown[] }).toArray();
  return (
    typeof settings === 'object' && settings !== null && Boolean((settings as { _responsive?: unknown })._responsive)
  );
}

/** Each column's placement; without Responsive a column is shown or hidden. */
export function columnPlacements(api: Api): ColumnPlacement[] {
  const visible = api.columns().visible().toArray() as unknown[];
  const columns = api.columns() as unknown as ResponsiveColumnsApi;
  // `responsiveHidden()` is true for a column Responsive shows.
  const shownByResponsive =
    isManagedByResponsive(api) && columns.responsiveHidden ? columns.responsiveHidden().toArray() : null;
  return visible.map((isVisible, index) => {
    if (!isVisible) return 'hidden';
    return shownByResponsive && shownByResponsive[index] === false ? 'collapsed' : 'shown';
  });
}
