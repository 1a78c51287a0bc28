import { clearGeometry, type Placement, type PlacementBox } from './panel-placement.checks.js';

const viewport = { width: 1280, height: 800 };
const MARGIN = 8;

function covers(panel: Placement, box: PlacementBox): boolean {
  return (
    panel.left < box.right &&
    box.left < panel.left + panel.width &&
    panel.top < box.bottom &&
    box.top < panel.top + panel.height
  );
}

describe('clearGeometry', () => {
  // A sidebar 232 px wide (links at the top, language and user at the bottom) and a form of three columns.
  const sidebar: PlacementBox[] = [
    { left: 14, right: 218, top: 62, bottom: 100 },
    { left: 14, right: 218, top: 140, bottom: 178 },
    { left: 14, right: 218, top: 670, bottom: 692 },
    { left: 24, right: 60, top: 744, bottom: 780 },
  ];
  const labels: PlacementBox[] = [289, 608, 928].flatMap((left) =>
    [110, 186, 360, 440].map((top) => ({ left, right: left + 120, top, bottom: top + 22 })),
  );

  it('finds the largest place that covers none of the boxes', () => {
    const place = clearGeometry(viewport, MARGIN, [...sidebar, ...labels])!;
    for (const box of [...sidebar, ...labels]) expect(covers(place, box)).toBe(false);
    expect(place.width).toBeGreaterThanOrEqual(260);
    expect(place.height).toBeGreaterThanOrEqual(240);
    expect(place.left).toBeGreaterThanOrEqual(MARGIN);
    expect(place.top + place.height).toBeLessThanOrEqual(viewport.height - MARGIN);
  });

  it('takes the default size when the page leaves room for it, nearest to the anchor', () => {
    const icon = { left: 1200, right: 1240, top: 740, bottom: 780 };
    const place = clearGeometry(viewport, MARGIN, [{ left: 0, right: 400, top: 0, bottom: 800 }], icon)!;
    expect(place).toEqual({ width: 380, height: 480, left: 1280 - MARGIN - 380, top: 800 - MARGIN - 480 });
  });

  it('covers as few boxes as it can when no place is free', () => {
    const phone = { width: 390, height: 844 };
    const rows: PlacementBox[] = Array.from({ length: 12 }, (_, index) => ({
      left: 24,
      right: 366,
      top: 20 + index * 70,
      bottom: 40 + index * 70,
    }));
    const place = clearGeometry(phone, MARGIN, rows)!;
    expect(rows.filter((box) => covers(place, box)).length).toBe(3);
  });

  it('gives up on a viewport smaller than the smallest size', () => {
    expect(clearGeometry({ width: 200, height: 200 }, MARGIN, [{ left: 0, right: 10, top: 0, bottom: 10 }])).toBeNull();
  });
});
