import { clearGeometry } from './panel-placement.checks.js';

/** Position (from the viewport's top left corner) and size of the panel, in CSS pixels. */
export interface PanelGeometry {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface ViewportSize {
  width: number;
  height: number;
}

/** Gap kept between the panel and the viewport's edges. */
export const VIEWPORT_MARGIN = 8;
export const MIN_PANEL_WIDTH = 260;
export const MIN_PANEL_HEIGHT = 220;
const DEFAULT_PANEL_WIDTH = 380;
const DEFAULT_PANEL_HEIGHT = 480;

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/**
 * The geometry moved and shrunk as little as needed to lie wholly inside the viewport (with the
 * margin), never smaller than the minimum size unless the viewport itself is smaller.
 */
export function clampGeometry(geometry: PanelGeometry, viewport: ViewportSize): PanelGeometry {
  const maxWidth = Math.max(viewport.width - 2 * VIEWPORT_MARGIN, 0);
  const maxHeight = Math.max(viewport.height - 2 * VIEWPORT_MARGIN, 0);
  const width = Math.round(clamp(geometry.width, Math.min(MIN_PANEL_WIDTH, maxWidth), maxWidth));
  const height = Math.round(clamp(geometry.height, Math.min(MIN_PANEL_HEIGHT, maxHeight), maxHeight));
  return {
    width,
    height,
    left: Math.round(clamp(geometry.left, VIEWPORT_MARGIN, viewport.width - VIEWPORT_MARGIN - width)),
    top: Math.round(clamp(geometry.top, VIEWPORT_MARGIN, viewport.height - VIEWPORT_MARGIN - height)),
  };
}

/** A movement of the pointer, or of the arrow keys, in CSS pixels. */
export interface GeometryDelta {
  dx: number;
  dy: number;
}

/** The geometry moved by `delta`, its size kept (the caller clamps it into the viewport). */
export function movedBy(from: PanelGeometry, { dx, dy }: GeometryDelta): PanelGeometry {
  return { ...from, left: from.left + dx, top: from.top + dy };
}

/**
 * The size grown by `delta`, the top left corner staying where it is: a size that would reach past
 * the viewport's right or bottom margin stops there instead of pushing the panel left or up.
 */
export function resizedBy(from: PanelGeometry, { dx, dy }: GeometryDelta, viewport: ViewportSize): PanelGeometry {
  return {
    ...from,
    width: Math.min(from.width + dx, viewport.width - VIEWPORT_MARGIN - from.left),
    height: Math.min(from.height + dy, viewport.height - VIEWPORT_MARGIN - from.top),
  };
}

/** A box on the page, such as the footer icon's `getBoundingClientRect()`. */
export interface AnchorBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Where the panel first appears: clear of the page's controls and labels (`obstacles`) when they are
 * given (`clearGeometry`); otherwise beside its footer icon (to the right of it, bottoms aligned, or
 * to its left when there is no room), or in the bottom right corner without an icon.
 */
export function defaultGeometry(
  viewport: ViewportSize,
  anchor?: AnchorBox | null,
  obstacles: readonly AnchorBox[] = [],
): PanelGeometry {
  const clear = obstacles.length > 0 ? clearGeometry(viewport, VIEWPORT_MARGIN, obstacles, anchor) : null;
  if (clear) return clampGeometry(clear, viewport);
  const width = DEFAULT_PANEL_WIDTH;
  const height = DEFAULT_PANEL_HEIGHT;
  if (!anchor) {
    const left = viewport.width - width - VIEWPORT_MARGIN;
    return clampGeometry({ width, height, left, top: viewport.height - height - VIEWPORT_MARGIN }, viewport);
  }
  const fitsRight = anchor.right + VIEWPORT_MARGIN + width <= viewport.width - VIEWPORT_MARGIN;
  const left = fitsRight ? anchor.right + VIEWPORT_MARGIN : anchor.left - VIEWPORT_MARGIN - width;
  return clampGeometry({ width, height, left, top: anchor.bottom - height }, viewport);
}

/** A remembered geometry when it is one (four finite numbers), otherwise `null`. */
export function parseStoredGeometry(stored: string | null): PanelGeometry | null {
  if (!stored) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { left, top, width, height } = value as Record<string, unknown>;
  const numbers = [left, top, width, height];
  if (!numbers.every((number) => typeof number === 'number' && Number.isFinite(number))) return null;
  return { left, top, width, height } as PanelGeometry;
}
