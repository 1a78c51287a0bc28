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
