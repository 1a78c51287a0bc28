import { findLabelledFields, type LabelledField } from './field-help-icons.component.js';
import type { HelpEntry } from '../core/index.js';

/** The page's labelled fields that no entry is written for. */
export function fieldsWithoutHelp(root: ParentNode, entries: readonly HelpEntry[]): LabelledField[] {
  const withHelp = new Set(entries.map((entry) => entry.question_name));
  return findLabelledFields(root).filter((field) => !field.names.some((name) => withHelp.has(name)));
}

export interface FieldAddButtonOptions {
  accessibleName: (field: LabelledField) => string;
  onActivate: (field: LabelledField, button: HTMLButtonElement) => void;
}

/** Authoring mode's "+" buttons, placed after the labels whose field has no help entry yet. */
export class FieldAddButtons {
  private readonly buttons = new Map<HTMLLabelElement, { button: HTMLButtonElement; field: LabelledField }>();

  constructor(
    private readonly root: ParentNode,
    private readonly options: FieldAddButtonOptions,
  ) {}

  /** Adds, updates and removes buttons so that exactly the labels without an entry have one. */
  sync(entries: readonly HelpEntry[]): void {
    const seen = new Set<HTMLLabelElement>();
    for (const field of fieldsWithoutHelp(this.root, entries)) {
      seen.add(field.label);
      const button = this.buttons.get(field.label)?.button ?? this.createButton(field.label);
      this.buttons.set(field.label, { button, field });
      const name = this.options.accessibleName(field);
      button.setAttribute('aria-label', name);
      button.title = name;
    }
    for (const [label, { button }] of this.buttons) {
      if (seen.has(label)) continue;
      button.remove();
      this.buttons.delete(label);
    }
  }

  /** Removes every button (leaving authoring mode). */
  clear(): void {
    for (const { button } of this.buttons.values()) button.remove();
    this.buttons.clear();
  }

  private createButton(label: HTMLLabelElement): HTMLButtonElement {
    const doc = label.ownerDocument;
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = 'widgetlib-help-add';
    const glyph = doc.createElement('span');
    glyph.setAttribute('aria-hidden', 'true');
    glyph.className = 'widgetlib-help-add__glyph';
    glyph.textContent = '+';
    button.append(glyph);
    button.addEventListener('click', (event) => {
      event.preventDefault();
      const current = this.buttons.get(label);
      if (current) this.options.onActivate(current.field, button);
    });
    // After the label's "?" if it has one (a field whose entry is in another language).
    const icon = label.nextElementSibling;
    (icon?.classList.contains('widgetlib-help-icon') ? icon : label).after(button);
    return button;
  }
}
