/** @jest-environment jsdom */
import { sanitizeHelpText } from '../core/help-text.parser.js';
import { DEFAULT_HELP_PANEL_TEXTS, HelpApiError, type HelpEntry } from '../core/index.js';
import { askToDelete, type DeleteConfirmationOptions } from './delete-confirmation.component.js';
import { buildHelpEntryItem } from './help-entry-item.component.js';

const ENTRY: HelpEntry = {
  id: 3,
  id_view: 'albums:edit',
  question_name: 'name',
  help_title: 'Album name',
  help_text: '',
};

let item: HTMLLIElement;
let events: string[];

function ask(overrides: Partial<DeleteConfirmationOptions> = {}): void {
  askToDelete({
    texts: DEFAULT_HELP_PANEL_TEXTS,
    idPrefix: 'panel',
    entry: ENTRY,
    item,
    remove: async () => {
      events.push('remove');
    },
    deleted: async () => {
      events.push('deleted');
    },
    ...overrides,
  });
}

const confirmation = () => item.querySelector<HTMLElement>('.widgetlib-palette__confirm');
const actions = () => item.querySelector<HTMLElement>('.widgetlib-palette__entry-actions')!;
const yes = () => item.querySelector<HTMLButtonElement>('.widgetlib-palette__confirm-delete')!;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  events = [];
  item = buildHelpEntryItem(ENTRY, {
    doc: document,
    texts: DEFAULT_HELP_PANEL_TEXTS,
    idPrefix: 'panel',
    sanitize: sanitizeHelpText,
    permissions: { view: true, add: false, change: true, delete: true },
    edit: () => {},
    delete: () => {},
  }).item;
  document.body.replaceChildren(item);
});

describe('askToDelete', () => {
  it("asks inside the entry, naming it, with focus on the confirming button and the entry's buttons hidden", () => {
    ask();
    const group = confirmation()!;
    expect(group.getAttribute('role')).toBe('group');
    const question = document.getElementById(group.getAttribute('aria-labelledby')!)!;
    expect(question.textContent).toBe(DEFAULT_HELP_PANEL_TEXTS.confirmDelete('Album name'));
    expect(document.activeElement).toBe(yes());
    expect(actions().hidden).toBe(true);
    ask();
    expect(item.querySelectorAll('.widgetlib-palette__confirm')).toHaveLength(1);
  });

  it('cancel puts the buttons back with focus on Delete, deleting nothing', () => {
    ask();
    [...confirmation()!.querySelectorAll('button')]
      .find((button) => button.textContent === DEFAULT_HELP_PANEL_TEXTS.cancel)!
      .click();
    expect(confirmation()).toBeNull();
    expect(actions().hidden).toBe(false);
    expect(document.activeElement).toBe(item.querySelector('.widgetlib-palette__delete'));
    expect(events).toEqual([]);
  });

  it('deletes, then hands over to the panel', async () => {
    ask();
    yes().click();
    await flush();
    expect(events).toEqual(['remove', 'deleted']);
  });

  it("keeps the question open with the server's message when the delete fails, and lets the user retry", async () => {
    let fail = true;
    ask({
      remove: async () => {
        events.push('remove');
        if (fail) throw new HelpApiError(403, ['You may not delete <help>.']);
      },
    });
    yes().click();
    expect(yes().disabled).toBe(true);
    await flush();
    const error = confirmation()!.querySelector<HTMLElement>('[role="alert"]')!;
    expect(error.hidden).toBe(false);
    expect(error.textContent).toBe('You may not delete <help>.');
    expect(error.querySelector('help')).toBeNull();
    expect(yes().disabled).toBe(false);
    expect(events).toEqual(['remove']);
    fail = false;
    yes().click();
    await flush();
    expect(events).toEqual(['remove', 'remove', 'deleted']);
  });
});
