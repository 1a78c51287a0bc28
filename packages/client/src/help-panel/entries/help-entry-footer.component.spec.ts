/** @jest-environment jsdom */
import { DEFAULT_HELP_PANEL_TEXTS, HelpApiError, type HelpEntry, type HelpUsageEvent } from '../core/index.js';
import { buildHelpEntryFooter } from './help-entry-footer.component.js';
import { HelpUsageReporter } from '../reporting/index.js';

const ENTRY: HelpEntry = { id: 7, id_view: 'v', question_name: 'year', help_title: 'Year <b>', help_text: '' };
const HREF = 'https://example.test/albums/1/edit#help=7';

function footer(usage: HelpUsageReporter | null): HTMLElement {
  const element = buildHelpEntryFooter(ENTRY, { doc: document, texts: DEFAULT_HELP_PANEL_TEXTS, href: HREF, usage });
  document.body.replaceChildren(element);
  return element;
}

const buttonNamed = (root: HTMLElement, name: string) =>
  [...root.querySelectorAll('button')].find((button) => button.textContent === name);

async function settled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('buildHelpEntryFooter', () => {
  it('links to the entry, named by its title as text', () => {
    const link = footer(null).querySelector('a')!;
    expect(link.href).toBe(HREF);
    expect(link.getAttribute('aria-label')).toBe('Link to help “Year <b>”');
    expect(footer(null).querySelector('.widgetlib-palette__helpful')).toBeNull();
  });

  it('asks "Was this helpful?" once: the answer is sent, and the thanks stay when built again', async () => {
    const sent: HelpUsageEvent[] = [];
    const usage = new HelpUsageReporter(
      'v',
      async (event) => void sent.push(event),
      () => {},
    );
    const element = footer(usage);
    expect(element.querySelector('[role=group]')?.getAttribute('aria-label')).toBe('Was this helpful? Year <b>');
    buttonNamed(element, 'No')!.click();
    await settled();
    expect(sent).toEqual([{ event: 'not_helpful', help_id: 7 }]);
    expect(buttonNamed(element, 'Yes')).toBeUndefined();
    expect(element.textContent).toContain('Thanks for your feedback.');
    const again = footer(usage);
    expect(buttonNamed(again, 'Yes')).toBeUndefined();
    expect(again.textContent).toContain('Thanks for your feedback.');
  });

  it('lets the reader answer again after a failed send', async () => {
    const usage = new HelpUsageReporter(
      'v',
      async () => {
        throw new HelpApiError(0, ['The server could not be reached.']);
      },
      () => {},
    );
    const element = footer(usage);
    buttonNamed(element, 'Yes')!.click();
    await settled();
    expect(buttonNamed(element, 'Yes')?.disabled).toBe(false);
    expect(element.textContent).not.toContain('Thanks');
  });

  it('asks nothing when usage is not recorded', () => {
    const usage = new HelpUsageReporter(
      'v',
      async () => {},
      () => {},
      false,
    );
    expect(footer(usage).querySelector('.widgetlib-palette__helpful')).toBeNull();
  });
});
