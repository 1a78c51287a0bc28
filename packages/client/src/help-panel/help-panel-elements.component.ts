import { createElement, type HelpPanelPermissions, type HelpPanelTexts } from './core/index.js';

/** The parts of a built panel that it updates or listens to. */
export interface HelpPanelElements {
  header: HTMLElement;
  moveButton: HTMLButtonElement;
  closeButton: HTMLButtonElement;
  resizeHandle: HTMLButtonElement;
  search: HTMLInputElement;
  /** Present only with the `add` permission. */
  addButton: HTMLButtonElement | null;
  /** The authoring mode toggle (`aria-pressed`); present only with the `add` permission. */
  authoringToggle: HTMLButtonElement | null;
  /** Shows and hides the view's deleted entries (`aria-expanded`); present only with the `add` permission. */
  deletedToggle: HTMLButtonElement | null;
  /** Where the deleted entries are listed, after the entries. */
  deletedSlot: HTMLElement;
  status: HTMLElement;
  /** Errors of loading the list. */
  error: HTMLElement;
  /** Where the add form goes. */
  formSlot: HTMLElement;
  list: HTMLUListElement;
}

export interface HelpPanelBuildOptions {
  texts: HelpPanelTexts;
  /** Prefix of every id inside the panel (the panel's own id). */
  idPrefix: string;
  permissions: HelpPanelPermissions;
}

function iconButton(doc: Document, className: string, label: string, glyph: string): HTMLButtonElement {
  const button = createElement(doc, 'button', {
    className: `widgetlib-palette__icon-button ${className}`,
    attributes: { type: 'button', 'aria-label': label, title: label },
  });
  if (glyph) button.append(createElement(doc, 'span', { text: glyph, attributes: { 'aria-hidden': 'true' } }));
  return button;
}

function buildHeader(doc: Document, { texts, idPrefix }: HelpPanelBuildOptions) {
  const hint = createElement(doc, 'span', {
    className: 'widgetlib-visually-hidden',
    text: texts.keyboardHint,
    attributes: { id: `${idPrefix}-keyboard-hint` },
  });
  const moveButton = iconButton(doc, 'widgetlib-palette__move', texts.move, '✥');
  moveButton.setAttribute('aria-describedby', hint.id);
  const closeButton = iconButton(doc, 'widgetlib-palette__close', texts.close, '×');
  const title = createElement(doc, 'h2', {
    className: 'widgetlib-palette__title',
    text: texts.title,
    attributes: { id: `${idPrefix}-title` },
  });
  const header = createElement(
    doc,
    'div',
    { className: 'widgetlib-palette__header' },
    title,
    moveButton,
    closeButton,
    hint,
  );
  return { header, hint, moveButton, closeButton };
}

function buildToolbar(doc: Document, { texts, idPrefix, permissions }: HelpPanelBuildOptions) {
  const search = createElement(doc, 'input', {
    className: 'widgetlib-palette__search',
    attributes: {
      id: `${idPrefix}-search`,
      type: 'search',
      placeholder: texts.searchPlaceholder,
      autocomplete: 'off',
      'aria-controls': `${idPrefix}-list`,
    },
  });
  search.hidden = !permissions.view;
  const searchLabel = createElement(doc, 'label', {
    className: 'widgetlib-visually-hidden',
    text: texts.searchLabel,
    attributes: { for: search.id },
  });
  const toolbar = createElement(doc, 'div', { className: 'widgetlib-palette__toolbar' }, searchLabel, search);
  let addButton: HTMLButtonElement | null = null;
  let authoringToggle: HTMLButtonElement | null = null;
  let deletedToggle: HTMLButtonElement | null = null;
  if (permissions.add) {
    addButton = createElement(doc, 'button', {
      className: 'widgetlib-palette__button widgetlib-palette__add',
      text: texts.add,
      attributes: { type: 'button' },
    });
    authoringToggle = createElement(doc, 'button', {
      className: 'widgetlib-palette__button widgetlib-palette__authoring',
      text: texts.authoringMode,
      attributes: { type: 'button', 'aria-pressed': 'false' },
    });
    deletedToggle = createElement(doc, 'button', {
      className: 'widgetlib-palette__button widgetlib-palette__deleted-toggle',
      text: texts.deletedEntries,
      attributes: { type: 'button', 'aria-expanded': 'false', 'aria-controls': `${idPrefix}-deleted` },
    });
    toolbar.append(addButton, authoringToggle, deletedToggle);
  }
  return { toolbar, search, addButton, authoringToggle, deletedToggle };
}

/**
 * Fills `panel` with the help panel's markup, hidden: a non-modal dialog labelled by its title, a
 * header (title, move and close buttons), the search box, the add button when permitted, a status
 * line, an error area, the form slot, the entry list and the resize handle. No listeners: the
 * panel attaches them.
 */
export function buildHelpPanelElements(panel: HTMLElement, options: HelpPanelBuildOptions): HelpPanelElements {
  const doc = panel.ownerDocument;
  const { texts, idPrefix } = options;
  panel.classList.add('widgetlib-palette');
  panel.setAttribute('role', 'dialog');
  if (!panel.hasAttribute('aria-label')) panel.setAttribute('aria-labelledby', `${idPrefix}-title`);
  panel.hidden = true;

  const { header, hint, moveButton, closeButton } = buildHeader(doc, options);
  const { toolbar, search, addButton, authoringToggle, deletedToggle } = buildToolbar(doc, options);
  const status = createElement(doc, 'p', {
    className: 'widgetlib-palette__status',
    attributes: { role: 'status', 'aria-live': 'polite' },
  });
  const error = createElement(doc, 'div', { className: 'widgetlib-palette__error', attributes: { role: 'alert' } });
  error.hidden = true;
  const formSlot = createElement(doc, 'div', { className: 'widgetlib-palette__form-slot' });
  const list = createElement(doc, 'ul', {
    className: 'widgetlib-palette__list',
    attributes: { id: `${idPrefix}-list`, 'aria-label': texts.entriesLabel },
  });
  const deletedSlot = createElement(doc, 'div', {
    className: 'widgetlib-palette__deleted-slot',
    attributes: { id: `${idPrefix}-deleted` },
  });
  const body = createElement(
    doc,
    'div',
    { className: 'widgetlib-palette__body' },
    toolbar,
    status,
    error,
    formSlot,
    list,
    deletedSlot,
  );
  const resizeHandle = iconButton(doc, 'widgetlib-palette__resize', texts.resize, '');
  resizeHandle.setAttribute('aria-describedby', hint.id);
  panel.replaceChildren(header, body, resizeHandle);
  return {
    header,
    moveButton,
    closeButton,
    resizeHandle,
    search,
    addButton,
    authoringToggle,
    deletedToggle,
    deletedSlot,
    status,
    error,
    formSlot,
    list,
  };
}
