import { safeUrl } from '#rules/url-safety.js';
import { createElement, showMessages } from '../core/index.js';

export interface UrlPromptOptions {
  doc: Document;
  idPrefix: string;
  heading: string;
  urlLabel: string;
  /** The schemes the address may use (besides a relative address); see `safeUrl`. */
  schemes: readonly string[];
  requiredMessage: string;
  refusedMessage: string;
  insertLabel: string;
  cancelLabel: string;
  initialUrl?: string;
  /** A second, optional text field (an image's alternative text). */
  textLabel?: string;
  /** A button that removes what the prompt edits (an existing link). */
  removeLabel?: string;
  insert(url: string, text: string): void;
  remove?(): void;
  /** Called after insert, remove or cancel: the prompt is gone. */
  close(): void;
}

/**
 * A small group asking for an address (and optionally a text): Enter inserts, Escape cancels, and
 * an address with a refused scheme gets the message instead of being inserted. Not a `<form>`: it
 * sits inside the help form.
 */
export function buildUrlPrompt(options: UrlPromptOptions): { element: HTMLElement; focus(): void } {
  const { doc, idPrefix } = options;
  const headingId = `${idPrefix}-heading`;
  const errorId = `${idPrefix}-error`;
  const element = createElement(doc, 'div', {
    className: 'widgetlib-rte__prompt',
    attributes: { role: 'group', 'aria-labelledby': headingId },
  });
  const error = createElement(doc, 'div', {
    className: 'widgetlib-palette__error',
    attributes: { id: errorId, role: 'alert' },
  });
  error.hidden = true;
  const field = (id: string, label: string, value: string) => {
    const input = createElement(doc, 'input', {
      className: 'widgetlib-palette__control',
      attributes: { id, type: 'text', autocomplete: 'off', 'aria-describedby': errorId },
    });
    input.value = value;
    const row = createElement(
      doc,
      'div',
      { className: 'widgetlib-palette__form-row' },
      createElement(doc, 'label', { text: label, attributes: { for: id } }),
      input,
    );
    element.append(row);
    return input;
  };
  element.append(
    createElement(doc, 'p', {
      className: 'widgetlib-rte__prompt-heading',
      text: options.heading,
      attributes: { id: headingId },
    }),
    error,
  );
  const url = field(`${idPrefix}-url`, options.urlLabel, options.initialUrl ?? '');
  const text = options.textLabel ? field(`${idPrefix}-text`, options.textLabel, '') : null;

  const submit = () => {
    const value = url.value.trim();
    const problem =
      value === '' ? options.requiredMessage : safeUrl(value, options.schemes) === null ? options.refusedMessage : null;
    if (problem) {
      showMessages(error, [problem]);
      url.setAttribute('aria-invalid', 'true');
      url.focus();
      return;
    }
    options.insert(value, text?.value.trim() ?? '');
    options.close();
  };
  const button = (label: string, onClick: () => void) => {
    const created = createElement(doc, 'button', {
      className: 'widgetlib-palette__button',
      text: label,
      attributes: { type: 'button' },
    });
    created.addEventListener('click', onClick);
    return created;
  };
  const actions = createElement(
    doc,
    'div',
    { className: 'widgetlib-palette__form-actions' },
    button(options.insertLabel, submit),
  );
  if (options.removeLabel && options.remove) {
    const remove = options.remove;
    actions.append(button(options.removeLabel, () => (remove(), options.close())));
  }
  actions.append(button(options.cancelLabel, options.close));
  element.append(actions);
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      // Enter must not submit the help form around the prompt.
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      // Handled here: the panel closes on an Escape nobody took.
      event.preventDefault();
      options.close();
    }
  });
  return { element, focus: () => url.focus() };
}
