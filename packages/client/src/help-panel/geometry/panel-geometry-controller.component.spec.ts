/** @jest-environment jsdom */
import { VIEWPORT_MARGIN, type PanelGeometry } from './panel-geometry.checks.js';
import { PanelGeometryController } from './panel-geometry-controller.component.js';
import { PanelGeometryStore } from './panel-geometry.storage.js';

const STORAGE_KEY = 'panel-geometry-spec';
const START: PanelGeometry = { left: 100, top: 100, width: 400, height: 300 };

function setViewport(width: number, height: number): void {
  const root = document.documentElement;
  Object.defineProperty(root, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(root, 'clientHeight', { configurable: true, value: height });
}

function shownStyle(panel: HTMLElement): PanelGeometry {
  const { left, top, width, height } = panel.style;
  return { left: parseFloat(left), top: parseFloat(top), width: parseFloat(width), height: parseFloat(height) };
}

function stored(): PanelGeometry | null {
  const text = localStorage.getItem(STORAGE_KEY);
  return text === null ? null : (JSON.parse(text) as PanelGeometry);
}

let panel: HTMLElement;
let header: HTMLElement;
let moveHandle: HTMLButtonElement;
let resizeHandle: HTMLButtonElement;
let controller: PanelGeometryController;

function press(target: HTMLElement, key: string, modifiers: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers });
  target.dispatchEvent(event);
  return event;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(STORAGE_KEY, JSON.stringify(START));
  setViewport(1200, 800);
  document.body.innerHTML =
    '<div id="panel"><div id="header"><button id="move"></button></div><button id="resize"></button></div>';
  panel = document.getElementById('panel')!;
  header = document.getElementById('header')!;
  moveHandle = document.getElementById('move') as HTMLButtonElement;
  resizeHandle = document.getElementById('resize') as HTMLButtonElement;
  controller = new PanelGeometryController({
    panel,
    dragArea: header,
    moveHandle,
    resizeHandle,
    store: new PanelGeometryStore(localStorage, STORAGE_KEY),
    anchor: null,
  });
  controller.apply();
});

afterEach(() => controller.destroy());

describe('PanelGeometryController by keyboard', () => {
  it('starts from the remembered geometry', () => {
    expect(shownStyle(panel)).toEqual(START);
  });

  it('moves the panel 10 px per arrow key, 50 px with Shift, and remembers where', () => {
    const event = press(moveHandle, 'ArrowRight');
    expect(event.defaultPrevented).toBe(true);
    expect(shownStyle(panel)).toEqual({ ...START, left: 110 });
    press(moveHandle, 'ArrowUp', { shiftKey: true });
    expect(shownStyle(panel)).toEqual({ ...START, left: 110, top: 50 });
    press(moveHandle, 'ArrowLeft');
    press(moveHandle, 'ArrowDown');
    expect(shownStyle(panel)).toEqual({ ...START, left: 100, top: 60 });
    expect(stored()).toEqual({ ...START, left: 100, top: 60 });
  });

  it('resizes from the handle with the same keys, the corner staying put', () => {
    press(resizeHandle, 'ArrowRight', { shiftKey: true });
    press(resizeHandle, 'ArrowUp');
    expect(shownStyle(panel)).toEqual({ ...START, width: 450, height: 290 });
    expect(stored()).toEqual({ ...START, width: 450, height: 290 });
  });

  it('keeps the panel inside the viewport', () => {
    for (let i = 0; i < 30; i += 1) press(moveHandle, 'ArrowLeft', { shiftKey: true });
    expect(shownStyle(panel).left).toBe(VIEWPORT_MARGIN);
    for (let i = 0; i < 30; i += 1) press(resizeHandle, 'ArrowDown', { shiftKey: true });
    expect(shownStyle(panel).top + shownStyle(panel).height).toBe(800 - VIEWPORT_MARGIN);
    expect(shownStyle(panel).top).toBe(START.top);
  });

  it('leaves other keys and modified arrows alone', () => {
    for (const [key, modifiers] of [
      ['Enter', {}],
      ['a', {}],
      ['ArrowRight', { altKey: true }],
      ['ArrowRight', { ctrlKey: true }],
      ['ArrowRight', { metaKey: true }],
    ] as const) {
      expect(press(moveHandle, key, modifiers).defaultPrevented).toBe(false);
      expect(press(resizeHandle, key, modifiers).defaultPrevented).toBe(false);
    }
    expect(shownStyle(panel)).toEqual(START);
    expect(stored()).toEqual(START);
  });

  it('fits the chosen geometry into a smaller viewport and gives it back in a larger one', () => {
    setViewport(350, 280);
    controller.apply();
    expect(shownStyle(panel)).toEqual({
      left: VIEWPORT_MARGIN,
      top: VIEWPORT_MARGIN,
      width: 350 - 2 * VIEWPORT_MARGIN,
      height: 280 - 2 * VIEWPORT_MARGIN,
    });
    setViewport(1200, 800);
    controller.apply();
    expect(shownStyle(panel)).toEqual(START);
  });

  it('stops listening once destroyed', () => {
    controller.destroy();
    expect(press(moveHandle, 'ArrowRight').defaultPrevented).toBe(false);
    expect(shownStyle(panel)).toEqual(START);
  });
});
