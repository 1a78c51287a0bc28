import type { GeometryDelta } from './panel-geometry.checks.js';

export interface PointerGesture {
  /** Called when the gesture starts; returns false to ignore this pointer. */
  start(event: PointerEvent): boolean;
  /** The pointer's movement since the gesture started. */
  move(delta: GeometryDelta): void;
  end(): void;
}

/**
 * Follows one pointer from `pointerdown` on `handle` until it is released, with pointer capture so
 * the gesture continues when the pointer leaves the handle. Returns a function that detaches it.
 */
export function trackPointer(handle: HTMLElement, gesture: PointerGesture): () => void {
  let active: { pointerId: number; x: number; y: number } | null = null;

  const onDown = (event: PointerEvent) => {
    if (active || !event.isPrimary || event.button !== 0 || !gesture.start(event)) return;
    event.preventDefault();
    active = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
    handle.setPointerCapture(event.pointerId);
  };
  const onMove = (event: PointerEvent) => {
    if (!active || event.pointerId !== active.pointerId) return;
    gesture.move({ dx: event.clientX - active.x, dy: event.clientY - active.y });
  };
  const onEnd = (event: PointerEvent) => {
    if (!active || event.pointerId !== active.pointerId) return;
    active = null;
    if (handle.hasPointerCapture(event.pointerId)) handle.releasePointerCapture(event.pointerId);
    gesture.end();
  };

  handle.addEventListener('pointerdown', onDown);
  handle.addEventListener('pointermove', onMove);
  handle.addEventListener('pointerup', onEnd);
  handle.addEventListener('pointercancel', onEnd);
  return () => {
    handle.removeEventListener('pointerdown', onDown);
    handle.removeEventListener('pointermove', onMove);
    handle.removeEventListener('pointerup', onEnd);
    handle.removeEventListener('pointercancel', onEnd);
  };
}

const ARROW_STEPS: Record<string, GeometryDelta> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

/** The step an arrow key asks for (10 px, 50 px with Shift), or null for any other key. */
export function arrowKeyStep(event: KeyboardEvent): GeometryDelta | null {
  const direction = ARROW_STEPS[event.key];
  if (!direction || event.altKey || event.ctrlKey || event.metaKey) return null;
  const size = event.shiftKey ? 50 : 10;
  return { dx: direction.dx * size, dy: direction.dy * size };
}
