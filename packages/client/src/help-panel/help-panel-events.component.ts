import type { HelpPanelElements } from './help-panel-elements.component.js';

/** What the panel's controls, its toggle and the window's events act on. */
export interface HelpPanelEventsOptions {
  element: HTMLElement;
  doc: Document;
  parts: Pick<HelpPanelElements, 'closeButton' | 'addButton' | 'search'>;
  toggle: HTMLElement | null;
  isOpen: () => boolean;
  open: (returnFocusTo: HTMLElement | null) => void;
  close: () => void;
  startAdd: () => void;
  applySearch: () => void;
  /** Puts the open panel back inside the viewport after the window changed size. */
  refit: () => void;
  /** Keeps a listener until the panel is destroyed. */
  listen: <E extends Event>(target: EventTarget, type: string, handler: (event: E) => void) => void;
}

/** Wires the close and add buttons, the search box, Escape, the window's resize and the footer toggle. */
export function wireHelpPanelEvents(options: HelpPanelEventsOptions): void {
  const { element, doc, parts, toggle, listen } = options;
  parts.closeButton.addEventListener('click', () => options.close());
  parts.addButton?.addEventListener('click', () => options.startAdd());
  listen(parts.search, 'input', () => options.applySearch());
  listen<KeyboardEvent>(element, 'keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    options.close();
  });
  listen(doc.defaultView ?? window, 'resize', () => {
    if (options.isOpen()) options.refit();
  });
  if (!toggle) return;
  toggle.setAttribute('aria-controls', element.id);
  toggle.setAttribute('aria-expanded', 'false');
  listen(toggle, 'click', (event) => {
    event.preventDefault();
    if (options.isOpen()) options.close();
    else options.open(toggle);
  });
}
