import { createElement } from '../core/index.js';

export interface ToolbarButtonSpec {
  /** Short visible text (a glyph or abbreviation); `icon` instead draws one. */
  glyph?: string;
  /** Path data of a 24x24 stroked icon (`TOOLBAR_ICONS`). */
  icon?: readonly string[];
  /** The accessible name (and tooltip). */
  label: string;
  /** Keyboard shortcut, announced through `aria-keyshortcuts`. */
  shortcut?: string;
  /** A toggle: its state is shown with `aria-pressed`. */
  toggle?: boolean;
  run(): void;
}

export interface ToolbarButtonState {
  pressed?: boolean;
  disabled?: boolean;
}

const SVG = 'http://www.w3.org/2000/svg';

function drawIcon(doc: Document, paths: readonly string[]): SVGSVGElement {
  const svg = doc.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({
    viewBox: '0 0 24 24',
    width: '16',
    height: '16',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  })) {
    svg.setAttribute(name, value);
  }
  for (const data of paths) {
    const path = doc.createElementNS(SVG, 'path');
    path.setAttribute('d', data);
    svg.append(path);
  }
  return svg;
}

/**
 * A `role="toolbar"` of real buttons with one tab stop: the arrow keys, Home and End move focus
 * among the buttons (roving `tabindex`), Tab leaves the toolbar.
 */
export class RichTextToolbar {
  readonly element: HTMLElement;
  private readonly buttons: HTMLButtonElement[] = [];

  constructor(doc: Document, label: string, controls: string, specs: readonly ToolbarButtonSpec[]) {
    this.element = createElement(doc, 'div', {
      className: 'widgetlib-rte__toolbar',
      attributes: { role: 'toolbar', 'aria-label': label, 'aria-controls': controls },
    });
    for (const spec of specs) {
      const button = createElement(doc, 'button', {
        className: 'widgetlib-rte__button',
        text: spec.glyph ?? '',
        attributes: { type: 'button', 'aria-label': spec.label, title: spec.label, tabindex: '-1' },
      });
      if (spec.icon) button.append(drawIcon(doc, spec.icon));
      if (spec.shortcut) button.setAttribute('aria-keyshortcuts', spec.shortcut);
      if (spec.toggle) button.setAttribute('aria-pressed', 'false');
      // Keep the editor's selection: a click must not move focus before the command runs.
      button.addEventListener('mousedown', (event) => event.preventDefault());
      button.addEventListener('click', () => {
        this.setCurrent(button);
        spec.run();
      });
      this.buttons.push(button);
      this.element.append(button);
    }
    this.buttons[0]?.setAttribute('tabindex', '0');
    this.element.addEventListener('keydown', (event) => this.onKeyDown(event));
  }

  /** Updates the buttons' pressed and disabled states, in the order they were given. */
  update(states: readonly ToolbarButtonState[]): void {
    states.forEach((state, index) => {
      const button = this.buttons[index];
      if (!button) return;
      if (button.hasAttribute('aria-pressed')) button.setAttribute('aria-pressed', String(state.pressed ?? false));
      // aria-disabled keeps the button focusable, so that arrow-key navigation still reaches it.
      if (state.disabled) button.setAttribute('aria-disabled', 'true');
      else button.removeAttribute('aria-disabled');
    });
  }

  isDisabled(index: number): boolean {
    return this.buttons[index]?.getAttribute('aria-disabled') === 'true';
  }

  private setCurrent(button: HTMLButtonElement): void {
    for (const other of this.buttons) other.setAttribute('tabindex', other === button ? '0' : '-1');
  }

  private onKeyDown(event: KeyboardEvent): void {
    const index = this.buttons.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    const last = this.buttons.length - 1;
    const next = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = this.buttons[(next + this.buttons.length) % this.buttons.length]!;
    this.setCurrent(target);
    target.focus();
  }
}
