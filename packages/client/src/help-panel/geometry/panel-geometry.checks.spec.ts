import {
  clampGeometry,
  defaultGeometry,
  MIN_PANEL_HEIGHT,
  MIN_PANEL_WIDTH,
  movedBy,
  parseStoredGeometry,
  resizedBy,
  VIEWPORT_MARGIN,
} from './panel-geometry.checks.js';

const viewport = { width: 1200, height: 800 };

describe('clampGeometry', () => {
  it('keeps a geometry that fits', () => {
    const geometry = { left: 100, top: 50, width: 400, height: 300 };
    expect(clampGeometry(geometry, viewport)).toEqual(geometry);
  });

  it('moves a panel that sticks out back inside, keeping its size', () => {
    expect(clampGeometry({ left: 1000, top: -40, width: 400, height: 300 }, viewport)).toEqual({
      left: 1200 - VIEWPORT_MARGIN - 400,
      top: VIEWPORT_MARGIN,
      width: 400,
      height: 300,
    });
  });

  it('shrinks a panel larger than the viewport and enforces the minimum size', () => {
    expect(clampGeometry({ left: 0, top: 0, width: 5000, height: 5000 }, viewport)).toEqual({
      left: VIEWPORT_MARGIN,
      top: VIEWPORT_MARGIN,
      width: 1200 - 2 * VIEWPORT_MARGIN,
      height: 800 - 2 * VIEWPORT_MARGIN,
    });
    expect(clampGeometry({ left: 10, top: 10, width: 20, height: 20 }, viewport)).toMatchObject({
      width: MIN_PANEL_WIDTH,
      height: MIN_PANEL_HEIGHT,
    });
  });

  it('fills a viewport smaller than the minimum size', () => {
    expect(clampGeometry({ left: 50, top: 50, width: 400, height: 400 }, { width: 200, height: 150 })).toEqual({
      left: VIEWPORT_MARGIN,
      top: VIEWPORT_MARGIN,
      width: 200 - 2 * VIEWPORT_MARGIN,
      height: 150 - 2 * VIEWPORT_MARGIN,
    });
  });
});

describe('defaultGeometry', () => {
  it('lies inside the viewport, in its bottom right corner without an anchor', () => {
    const geometry = defaultGeometry(viewport);
    expect(clampGeometry(geometry, viewport)).toEqual(geometry);
    expect(geometry.left + geometry.width).toBe(viewport.width - VIEWPORT_MARGIN);
    expect(geometry.top + geometry.height).toBe(viewport.height - VIEWPORT_MARGIN);
  });

  it('opens beside the footer icon, bottoms aligned', () => {
    const icon = { left: 16, right: 44, top: 750, bottom: 778 };
    const geometry = defaultGeometry(viewport, icon);
    expect(geometry.left).toBe(44 + VIEWPORT_MARGIN);
    expect(geometry.top + geometry.height).toBe(778);
  });

  it('opens to the left of an icon at the right edge, and inside the viewport', () => {
    const icon = { left: 1150, right: 1180, top: 20, bottom: 50 };
    const geometry = defaultGeometry(viewport, icon);
    expect(geometry.left + geometry.width).toBe(1150 - VIEWPORT_MARGIN);
    expect(geometry.top).toBe(VIEWPORT_MARGIN);
  });
});

describe('movedBy', () => {
  it('moves the corner and keeps the size', () => {
    expect(movedBy({ left: 100, top: 50, width: 400, height: 300 }, { dx: -30, dy: 12 })).toEqual({
      left: 70,
      top: 62,
      width: 400,
      height: 300,
    });
  });
});

describe('resizedBy', () => {
  it('grows and shrinks the size, the top left corner staying put', () => {
    const from = { left: 100, top: 50, width: 400, height: 300 };
    expect(resizedBy(from, { dx: 25, dy: -40 }, viewport)).toEqual({ left: 100, top: 50, width: 425, height: 260 });
  });

  it('stops at the right and bottom margins instead of pushing the panel left or up', () => {
    const from = { left: 700, top: 400, width: 400, height: 300 };
    const grown = resizedBy(from, { dx: 500, dy: 500 }, viewport);
    expect(grown).toEqual({
      left: 700,
      top: 400,
      width: viewport.width - VIEWPORT_MARGIN - 700,
      height: viewport.height - VIEWPORT_MARGIN - 400,
    });
    expect(clampGeometry(grown, viewport)).toEqual(grown);
  });
});

describe('parseStoredGeometry', () => {
  it('reads four finite numbers', () => {
    expect(parseStoredGeometry('{"left":1,"top":2,"width":300,"height":400}')).toEqual({
      left: 1,
      top: 2,
      width: 300,
      height: 400,
    });
  });

  it.each([
    null,
    '',
    'not json',
    '[]',
    '{"left":1,"top":2,"width":300}',
    '{"left":"1","top":2,"width":3,"height":4}',
    'null',
  ])('refuses %j', (stored) => {
    expect(parseStoredGeometry(stored)).toBeNull();
  });
});
