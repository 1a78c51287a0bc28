/** A filter control of a column that Responsive collapsed into the child rows, with the column's title. */
export interface CollapsedFilter {
  title: string;
  element: HTMLElement;
}

/** The row under the filter row that holds the filters of collapsed columns. */
export interface CollapsedFiltersPanel {
  row: HTMLTableRowElement;
  /** Shows `filters` (moved into the panel) across `span` visible columns; none hides the row. */
  show(filters: ReadonlyArray<CollapsedFilter>, span: number): void;
}

/**
 * The filters of the columns Responsive collapsed: a row under the filter row with a disclosure
 * ("More filters (3)", one tap away) that lists each such column's control under its title. The
 * controls are the filter row's own, moved here while their column is collapsed, so a value typed
 * in either place is the same filter.
 */
export function createCollapsedFiltersPanel(summaryText: (count: number) => string): CollapsedFiltersPanel {
  const row = document.createElement('tr');
  row.className = 'widgetlib-filter-collapsed-row';
  row.hidden = true;
  const cell = document.createElement('td');
  cell.className = 'widgetlib-filter-collapsed-cell';
  const details = document.createElement('details');
  details.className = 'widgetlib-filter-collapsed';
  const summary = document.createElement('summary');
  const list = document.createElement('div');
  list.className = 'widgetlib-filter-collapsed-list';
  details.append(summary, list);
  cell.append(details);
  row.append(cell);

  return {
    row,
    show(filters, span) {
      row.hidden = filters.length === 0;
      cell.colSpan = Math.max(span, 1);
      summary.textContent = summaryText(filters.length);
      const items = filters.map(({ title, element }) => {
        const item = document.createElement('div');
        item.className = 'widgetlib-filter-collapsed-item';
        const heading = document.createElement('span');
        heading.className = 'widgetlib-filter-collapsed-title';
        heading.textContent = title;
        item.append(heading, element);
        return item;
      });
      list.replaceChildren(...items);
    },
  };
}
