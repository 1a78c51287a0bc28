import type { HelpEntry } from '../core/index.js';

/** A label on the page and the names a help entry may use for its field. */
export interface LabelledField {
  label: HTMLLabelElement;
  /** The labelled field's `name`, else the label's `for`: what a new entry is written for. */
  questionName: string;
  /** Every name that matches this field: the label's `for` and the field's `name`. */
  names: string[];
  labelText: string;
}

/** Labels inside help panels belong to the panels' own forms, not to the page. */
const PANEL_SELECTOR = '[data-widgetlib-palette], .widgetlib-palette';
/** DataTables' own page-length and search controls: their ids are made per page load, not fields of the page. */
const DATATABLES_CONTROLS = '.dt-length, .dt-search, .dataTables_length, .dataTables_filter';

type NamedControl = HTMLElement & { name?: unknown };

/**
 * The form field a label names: its control, or, when Tom Select (the library's own remote-search
 * widget) has put its input in front of a select and pointed the label at it, that select.
 */
function labelledControl(label: HTMLLabelElement): NamedControl | null {
  const control = label.control as NamedControl | null;
  const enhanced = control?.closest('.ts-wrapper')?.previousElementSibling;
  return enhanced instanceof HTMLSelectElement ? enhanced : control;
}

function fieldName(label: HTMLLabelElement): string {
  const control = labelledControl(label);
  return typeof control?.name === 'string' ? control.name.trim() : '';
}

/** The page's labels that name a field (by `for` or by the labelled control's `name`). */
export function findLabelledFields(root: ParentNode): LabelledField[] {
  const fields: LabelledField[] = [];
  for (const label of root.querySelectorAll('label')) {
    if (label.closest(PANEL_SELECTOR) || label.closest(DATATABLES_CONTROLS)) continue;
    const name = fieldName(label);
    const forId = label.htmlFor.trim();
    const names = [...new Set([forId, name].filter(Boolean))];
    if (names.length === 0) continue;
    fields.push({ label, questionName: name || forId, names, labelText: label.textContent?.trim() || names[0]! });
  }
  return fields;
}

export interface FieldHelpIconOptions {
  iconClass: string | undefined;
  accessibleName: (entry: HelpEntry) => string;
  onActivate: (entry: HelpEntry, icon: HTMLButtonElement) => void;
}

/** The question-mark buttons placed after the labels whose field has a help entry. */
export class FieldHelpIcons {
  private readonly icons = new Map<HTMLLabelElement, { button: HTMLButtonElement; entry: HelpEntry }>();

  constructor(
    private readonly root: ParentNode,
    private readonly options: FieldHelpIconOptions,
  ) {}

  /** Adds, updates and removes icons so that exactly the labels with an entry have one. */
  sync(entries: readonly HelpEntry[]): void {
    const byName = new Map(entries.map((entry) => [entry.question_name, entry]));
    const seen = new Set<HTMLLabelElement>();
    for (const field of findLabelledFields(this.root)) {
      const entry = field.names.map((name) => byName.get(name)).find((found) => found !== undefined);
      if (!entry) continue;
      seen.add(field.label);
      const existing = this.icons.get(field.label);
      const button = existing?.button ?? this.createButton(field.label);
      this.icons.set(field.label, { button, entry });
      const name = this.options.accessibleName(entry);
      button.setAttribute('aria-label', name);
      button.title = name;
    }
    for (const [label, { button }] of this.icons) {
      if (seen.has(label)) continue;
      button.remove();
      this.icons.delete(label);
    }
  }

  destroy(): void {
    for (const { button } of this.icons.values()) button.remove();
    this.icons.clear();
  }

  private createButton(label: HTMLLabelElement): HTMLButtonElement {
    const button = label.ownerDocument.createElement('button');
    button.type = 'button';
    button.className = 'widgetlib-help-icon';
    const glyph = label.ownerDocument.createElement('span');
    glyph.setAttribute('aria-hidden', 'true');
    if (this.options.iconClass) glyph.className = this.options.iconClass;
    else {
      glyph.className = 'widgetlib-help-icon__glyph';
      glyph.textContent = '?';
    }
    button.append(glyph);
    button.addEventListener('click', (event) => {
      event.preventDefault();
      const current = this.icons.get(label);
      if (current) this.options.onActivate(current.entry, button);
    });
    label.after(button);
    return button;
  }
}
