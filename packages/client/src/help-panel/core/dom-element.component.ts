interface ElementSpec {
  className?: string;
  text?: string;
  attributes?: Record<string, string>;
}

/** An element with classes, text (always as text, never parsed) and attributes. */
export function createElement<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  spec: ElementSpec = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  if (spec.className) element.className = spec.className;
  if (spec.text !== undefined) element.textContent = spec.text;
  for (const [name, value] of Object.entries(spec.attributes ?? {})) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** Shows `messages` in an error area, one paragraph each, as text; no messages hide it. */
export function showMessages(area: HTMLElement, messages: readonly string[]): void {
  const doc = area.ownerDocument;
  area.replaceChildren(...messages.map((message) => createElement(doc, 'p', { text: message })));
  area.hidden = messages.length === 0;
}
