/** What makes an element reachable with Tab, as browsers decide it for the extensions' markup. */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
/** Marks a `tabindex` widgetlib gave, so that it is taken back once the element has its own stops. */
const OWN_TABINDEX = 'data-widgetlib-tabindex';

/** Sets each attribute that differs (an equal value is left alone: no mutation, no observer loop). */
export function setAttributes(element: Element, attributes: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(attributes)) {
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }
}

/**
 * Removes `role` from `element` when it is `role`: Buttons marks whatever its popover holds as a
 * `menu`, though a panel of panes or a condition builder has no menu items.
 */
export function dropRole(element: Element, role: string): void {
  if (element.getAttribute('role') === role) element.removeAttribute('role');
}

/** The accessible name of a form control the extension left without one (a label, or `aria-label`). */
export function nameControl(control: Element, name: string): void {
  const { labels } = control as Partial<HTMLInputElement>;
  if (control.hasAttribute('aria-labelledby') || (labels && labels.length > 0)) return;
  setAttributes(control, { 'aria-label': name });
}

/**
 * A scrolling region a keyboard can scroll: a Tab stop of its own while nothing inside it takes
 * focus (`tabindex` 0, given back once something inside does).
 */
export function keyboardScrollable(region: HTMLElement): void {
  const ownStop = region.hasAttribute(OWN_TABINDEX);
  const inner = region.querySelector(FOCUSABLE) !== null;
  if (!inner && !region.hasAttribute('tabindex')) {
    region.setAttribute('tabindex', '0');
    region.setAttribute(OWN_TABINDEX, '');
  } else if (inner && ownStop) {
    region.removeAttribute('tabindex');
    region.removeAttribute(OWN_TABINDEX);
  }
}
