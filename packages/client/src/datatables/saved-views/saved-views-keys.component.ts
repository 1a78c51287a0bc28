import { SAVED_VIEWS_CLASS } from './saved-views-control.types.js';

const ROW = `.${SAVED_VIEWS_CLASS}__item`;
const CONTROL = 'button, a[href], input';

/** A row's controls the keyboard can reach (a hidden delete button, during its question, left out). */
function controlsOf(row: Element): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(CONTROL)].filter((control) => !control.closest('[hidden]'));
}

/**
 * The saved views' list as one Tab stop (a layout grid with a roving tabindex): Up and Down move to
 * the view above or below, Left and Right between a view's load button, link, copy, share and delete,
 * Home and End to the first and last view. The control last focused keeps the Tab stop.
 */
export class SavedViewsKeys {
  private active: { viewId: string; index: number } | null = null;

  constructor(private readonly list: HTMLElement) {
    list.addEventListener('keydown', (event) => this.onKeydown(event));
    list.addEventListener('focusin', (event) => {
      const target = event.target as HTMLElement;
      const row = target.closest<HTMLElement>(ROW);
      if (!row) return;
      this.active = { viewId: row.dataset.viewId ?? '', index: Math.max(0, controlsOf(row).indexOf(target)) };
      this.update();
    });
  }

  /** Sets the Tab stop again after the list or a row changed; `preferred` is the view to hold it at first. */
  update(preferred?: string | null): void {
    const rows = this.rows();
    const all = rows.flatMap((row) => controlsOf(row));
    for (const control of this.list.querySelectorAll<HTMLElement>(CONTROL)) control.tabIndex = -1;
    if (all.length === 0) return;
    const row =
      rows.find((candidate) => candidate.dataset.viewId === this.active?.viewId) ??
      rows.find((candidate) => candidate.dataset.viewId === preferred) ??
      rows[0]!;
    const controls = controlsOf(row);
    const kept = this.active;
    const index = kept && row.dataset.viewId === kept.viewId ? Math.min(kept.index, controls.length - 1) : 0;
    controls[index]!.tabIndex = 0;
  }

  private rows(): HTMLElement[] {
    return [...this.list.querySelectorAll<HTMLElement>(ROW)];
  }

  private onKeydown(event: KeyboardEvent): void {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    const rows = this.rows();
    const row = target.closest<HTMLElement>(ROW);
    if (!row) return;
    const at = rows.indexOf(row);
    const controls = controlsOf(row);
    const index = controls.indexOf(target);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowRight') next = controls[index + 1] ?? controlsOf(rows[at + 1] ?? row)[0];
    else if (event.key === 'ArrowLeft') next = controls[index - 1] ?? controlsOf(rows[at - 1] ?? row).at(-1);
    else if (event.key === 'ArrowDown') next = this.sameColumn(rows[at + 1], index);
    else if (event.key === 'ArrowUp') next = this.sameColumn(rows[at - 1], index);
    else if (event.key === 'Home') next = controlsOf(rows[0]!)[0];
    else if (event.key === 'End') next = controlsOf(rows.at(-1)!)[0];
    else return;
    event.preventDefault();
    next?.focus();
  }

  private sameColumn(row: HTMLElement | undefined, index: number): HTMLElement | undefined {
    if (!row) return undefined;
    const controls = controlsOf(row);
    return controls[Math.min(index, controls.length - 1)];
  }
}
