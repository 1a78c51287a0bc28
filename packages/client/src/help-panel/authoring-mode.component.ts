import { FieldAddButtons, type LabelledField } from './fields/index.js';
import type { HelpEntry, HelpPanelTexts } from './core/index.js';

export interface AuthoringModeOptions {
  texts: HelpPanelTexts;
  /** The panel's toggle (`aria-pressed`). */
  toggle: HTMLButtonElement;
  fieldRoot: ParentNode;
  /** The entries listed now; `null` until they were loaded (no field is known to lack help before). */
  entries(): readonly HelpEntry[] | null;
  /** A field's "+" was activated: add help for it. */
  addFor(field: LabelledField, button: HTMLButtonElement): void;
}

/** Authoring mode: while on, every labelled field of the page without a help entry has a "+" button. */
export class AuthoringMode {
  private active = false;
  private readonly buttons: FieldAddButtons;

  constructor(private readonly options: AuthoringModeOptions) {
    this.buttons = new FieldAddButtons(options.fieldRoot, {
      accessibleName: (field) => options.texts.addFieldHelp(field.labelText),
      onActivate: (field, button) => options.addFor(field, button),
    });
    options.toggle.addEventListener('click', () => this.set(!this.active));
  }

  get isActive(): boolean {
    return this.active;
  }

  set(active: boolean): void {
    this.active = active;
    this.options.toggle.setAttribute('aria-pressed', String(active));
    this.sync();
  }

  /** Brings the "+" buttons in line with the entries (after each load) and the page's labels. */
  sync(): void {
    const entries = this.active ? this.options.entries() : null;
    if (entries) this.buttons.sync(entries);
    else this.buttons.clear();
  }

  destroy(): void {
    this.buttons.clear();
  }
}
