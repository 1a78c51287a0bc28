/** A box on the page, in viewport coordinates (what `getBoundingClientRect()` gives). */
export interface PlacementBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A place for the panel: its top left corner and size. */
export interface Placement {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The sizes tried, largest first: the default size, then smaller ones down to the minimum. */
const WIDTHS = [380, 320, 260];
const HEIGHTS = [480, 420, 360, 300, 240];
/** Gap kept between the panel and what it keeps clear of. */
const CLEARANCE = 8;

function overlaps(panel: Placement, box: PlacementBox): boolean {
  return (
    panel.left < box.right &&
    box.left < panel.left + panel.width &&
    panel.top < box.bottom &&
    box.top < panel.top + panel.height
  );
}

/** Where a panel of `size` may start along one axis: against the viewport's edges and beside each box. */
function starts(size: number, extent: number, margin: number, edges: Array<[number, number]>): number[] {
  const last = extent - margin - size;
  if (last < margin) return [];
  const candidates = new Set([margin, last]);
  for (const [low, high] of edges) {
    candidates.add(high + CLEARANCE);
    candidates.add(low - CLEARANCE - size);
  }
  return [...candidates].filter((start) => start >= margin && start <= last);
}

function distance(panel: Placement, anchor: PlacementBox | null | undefined): number {
  if (!anchor) return 0;
  const dx = panel.left + panel.width / 2 - (anchor.left + anchor.right) / 2;
  const dy = panel.top + panel.height / 2 - (anchor.top + anchor.bottom) / 2;
  return Math.hypot(dx, dy);
}

/**
 * Where the panel first appears on a page with controls and labels it should keep clear of
 * (`obstacles`, in viewport coordinates): the largest of the tried sizes that fits inside the viewport
 * without covering any of them, nearest to the anchor (its footer icon); when no place is free, the
 * place that covers the fewest, larger sizes and nearer places first. `null` when the viewport is
 * smaller than the smallest size (the caller falls back to its fixed default).
 */
export function clearGeometry(
  viewport: { width: number; height: number },
  margin: number,
  obstacles: readonly PlacementBox[],
  anchor?: PlacementBox | null,
): Placement | null {
  const horizontal = obstacles.map((box): [number, number] => [box.left, box.right]);
  const vertical = obstacles.map((box): [number, number] => [box.top, box.bottom]);
  let best: { geometry: Placement; covered: number; area: number; distance: number } | null = null;
  for (const width of WIDTHS) {
    const lefts = starts(width, viewport.width, margin, horizontal);
    for (const height of HEIGHTS) {
      const area = width * height;
      for (const left of lefts) {
        for (const top of starts(height, viewport.height, margin, vertical)) {
          const geometry = { left, top, width, height };
          const covered = obstacles.filter((box) => overlaps(geometry, box)).length;
          const candidate = { geometry, covered, area, distance: distance(geometry, anchor) };
          if (
            !best ||
            covered < best.covered ||
            (covered === best.covered &&
              (area > best.area || (area === best.area && candidate.distance < best.distance)))
          ) {
            best = candidate;
          }
        }
      }
    }
  }
  return best?.geometry ?? null;
}
