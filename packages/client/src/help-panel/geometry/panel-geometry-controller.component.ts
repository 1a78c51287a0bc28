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
    return clampGeometry(this.wanted ?? defaultGeometry(viewport, this.anchorBox()), viewport);
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
