import {
  clampGeometry,
  defaultGeometry,
  movedBy,
  resizedBy,
  type AnchorBox,
  type GeometryDelta,
  type PanelGeometry,
  type ViewportSize,
} from './panel-geometry.checks.js';
import type { PanelGeometryStore } from './panel-geometry.storage.js';
import { arrowKeyStep, trackPointer, type PointerGesture } from './panel-pointer.component.js';

/** What the panel, when it first opens, keeps clear of: the page's controls and labels. */
const KEEP_CLEAR =
  'a[href], button, input:not([type="hidden"]), select, textarea, label, summary, [role="button"], [contenteditable="true"]';

/** Controls in the drag area that keep their own pointer behaviour (a click on them is not a drag). */
const INTERACTIVE = 'button, a[href], input, select, textarea, [contenteditable="true"]';

type GeometryChange = (from: PanelGeometry, delta: GeometryDelta, viewport: ViewportSize) => PanelGeometry;

export interface PanelGeometryControllerOptions {
  /** The element positioned and sized (fixed, in viewport coordinates). */
  panel: HTMLElement;
  /** Dragging here moves the panel (its header), except from other controls inside it. */
  dragArea: HTMLElement;
  /** The move button: draggable, and arrow keys move the panel. */
  moveHandle: HTMLElement;
  /** The resize handle: draggable, and arrow keys resize the panel. */
  resizeHandle: HTMLElement;
  /** Where the chosen geometry is remembered across page loads. */
  store: PanelGeometryStore;
  /** The panel first appears beside this element (its footer icon) while it is shown. */
  anchor: HTMLElement | null;
}

/**
 * Moves and resizes the panel by pointer and by arrow keys (10 px, 50 px with Shift), always inside
 * the viewport, and remembers the result. What is shown is the geometry the user chose, fitted into
 * the current viewport: a smaller window shrinks the panel, a larger one gives its size back.
 */
export class PanelGeometryController {
  private wanted: PanelGeometry | null;
  /** The first place chosen, for the viewport size it was chosen in. */
  private first: { key: string; geometry: PanelGeometry } | null = null;
  private readonly detachers: (() => void)[];

  constructor(private readonly options: PanelGeometryControllerOptions) {
    this.wanted = options.store.load();
    const { dragArea, moveHandle, resizeHandle } = options;
    const fromDragArea = (event: PointerEvent) => {
      const control = (event.target as Element).closest(INTERACTIVE);
      return !control || control === moveHandle;
    };
    this.detachers = [
      trackPointer(dragArea, this.pointerGesture(movedBy, fromDragArea)),
      trackPointer(resizeHandle, this.pointerGesture(resizedBy)),
      this.arrowKeys(moveHandle, movedBy),
      this.arrowKeys(resizeHandle, resizedBy),
    ];
  }

  /** The geometry shown: the chosen one (or the first position) fitted into the viewport. */
  shown(): PanelGeometry {
    const viewport = this.viewport();
    return clampGeometry(this.wanted ?? this.firstGeometry(viewport), viewport);
  }

  /** Writes the shown geometry to the panel's style; call it when the panel opens or the viewport changes. */
  apply(): void {
    const { left, top, width, height } = this.shown();
    const style = this.options.panel.style;
    style.left = `${left}px`;
    style.top = `${top}px`;
    style.width = `${width}px`;
    style.height = `${height}px`;
  }

  destroy(): void {
    for (const detach of this.detachers.splice(0)) detach();
  }

  private viewport(): ViewportSize {
    const root = this.options.panel.ownerDocument.documentElement;
    return { width: root.clientWidth, height: root.clientHeight };
  }

  /**
   * Until the user moves or resizes it, the panel keeps the place chosen when it opened in a viewport
   * of this size: clear of the page's controls and labels where there is room.
   */
  private firstGeometry(viewport: ViewportSize): PanelGeometry {
    const key = `${viewport.width}x${viewport.height}`;
    if (this.first?.key !== key) {
      this.first = { key, geometry: defaultGeometry(viewport, this.anchorBox(), this.keepClear(viewport)) };
    }
    return this.first.geometry;
  }

  /**
   * The boxes of the controls and labels a user sees in the viewport: painted on top at their centre
   * (a label behind an open menu does not count), the panel's own content left out.
   */
  private keepClear(viewport: ViewportSize): AnchorBox[] {
    const { panel } = this.options;
    const doc = panel.ownerDocument;
    const boxes: AnchorBox[] = [];
    for (const element of doc.querySelectorAll(KEEP_CLEAR)) {
      if (panel.contains(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= 0 || box.bottom <= 0 || box.left >= viewport.width || box.top >= viewport.height) continue;
      const x = Math.min(Math.max((box.left + box.right) / 2, 0), viewport.width - 1);
      const y = Math.min(Math.max((box.top + box.bottom) / 2, 0), viewport.height - 1);
      const top = doc.elementFromPoint(x, y);
      if (top && (element.contains(top) || top.contains(element) || panel.contains(top))) boxes.push(box);
    }
    return boxes;
  }

  private anchorBox(): AnchorBox | null {
    const box = this.options.anchor?.getBoundingClientRect();
    return box && box.width > 0 && box.height > 0 ? box : null;
  }

  private change(change: GeometryChange, from: PanelGeometry, delta: GeometryDelta): void {
    const viewport = this.viewport();
    this.wanted = clampGeometry(change(from, delta, viewport), viewport);
    this.apply();
  }

  private remember(): void {
    if (this.wanted) this.options.store.save(this.wanted);
  }

  /** A drag: each movement applies to the geometry the drag started from; the result is remembered at its end. */
  private pointerGesture(
    change: GeometryChange,
    accepts: (event: PointerEvent) => boolean = () => true,
  ): PointerGesture {
    let from: PanelGeometry | null = null;
    return {
      start: (event) => {
        if (!accepts(event)) return false;
        from = this.shown();
        return true;
      },
      move: (delta) => {
        if (from) this.change(change, from, delta);
      },
      end: () => {
        from = null;
        this.remember();
      },
    };
  }

  /** Each arrow key press on `handle` is one step, remembered at once. */
  private arrowKeys(handle: HTMLElement, change: GeometryChange): () => void {
    const onKeyDown = (event: KeyboardEvent) => {
      const step = arrowKeyStep(event);
      if (!step) return;
      event.preventDefault();
      this.change(change, this.shown(), step);
      this.remember();
    };
    handle.addEventListener('keydown', onKeyDown);
    return () => handle.removeEventListener('keydown', onKeyDown);
  }
}
