import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { Help, HelpRevision } from '@widgetlib/nest';
import { forbiddenParts, HOSTILE_HELP_HTML, type ElementSummary } from '@widgetlib/test-support/help-html.corpus.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { HELP_TEXT_MAX_LENGTH } from '#rules/help-limits.js';
import { TEST_USER_HEADER, type TestUser } from '@widgetlib/test-support/test-app.js';
import { HELP_PANEL_VIEW_ID } from './help-panel-fixtures/help-panel-fixture.controller.js';
import { startHelpPanelApp, type HelpPanelApp } from './help-panel-fixtures/help-panel-test-app.js';

const ADMIN: TestUser = { isSuperuser: true };
const PANEL = '.widgetlib-palette[data-widgetlib-palette]';
const TOGGLE = '.widgetlib-palette-toggle';
const ENTRY = `${PANEL} .widgetlib-palette__entry`;
const EDITOR_FILE = /\/widgetlib\.editor\.min\.js$/;

/** `html` as Chromium serialises it after parsing (`<img />` and `<img>` are the same element). */
function reserialised(page: Page, html: string): Promise<string> {
  return page.evaluate(
    (source) => new DOMParser().parseFromString(`<body>${source}</body>`, 'text/html').body.innerHTML,
    html,
  );
}

/** The elements of `html` as Chromium parses it (in an inert document: nothing loads or runs). */
function elementsOf(page: Page, html: string): Promise<ElementSummary[]> {
  return page.evaluate((source) => {
    const body = new DOMParser().parseFromString(`<body>${source}</body>`, 'text/html').body;
    return Array.from(body.querySelectorAll('*'), (element) => ({
      tag: element.localName,
      namespace: element.namespaceURI,
      attributes: Array.from(element.attributes, (attribute) => [attribute.name, attribute.value] as const),
    }));
  }, html);
}

describeEachDatabase('help form rich-text editor in the browser', (kind) => {
  let app: HelpPanelApp;
  let chromium: ChromiumSession;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    [app, chromium] = await Promise.all([startHelpPanelApp(kind), startChromium()]);
  });

  afterAll(async () => {
    await chromium?.close();
    await app?.close();
  });

  const helps = () => app.testApp.dataSource.getRepository(Help);

  beforeEach(async () => {
    await app.testApp.dataSource.getRepository(HelpRevision).clear();
    await helps().clear();
    await helps().save(
      helps().create({
        id_view: HELP_PANEL_VIEW_ID,
        question_name: 'year',
        help_title: 'Release year',
        help_text: '<p>Four digits.</p>',
      }),
    );
    pageErrors.length = 0;
    dialogs.length = 0;
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    expect(pageErrors).toEqual([]);
    expect(dialogs).toEqual([]);
  });

  /** A page of its own browser profile with the panel open; `editorRequests` lists the editor file's loads. */
  async function openPanelPage(): Promise<{ page: Page; editorRequests: string[] }> {
    const context = await chromium.newContext({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { [TEST_USER_HEADER]: JSON.stringify(ADMIN) },
    });
    contexts.push(context);
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const editorRequests: string[] = [];
    page.on('request', (request) => {
      if (EDITOR_FILE.test(new URL(request.url()).pathname)) editorRequests.push(request.url());
    });
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${app.baseUrl}/help-panel-fixture/albums/edit`);
    await page.click(TOGGLE);
    await page.locator(`${ENTRY}[data-question-name=year]`).waitFor();
    return { page, editorRequests };
  }

  /** Opens the add form for the barcode field with a title; returns the form and its editable region. */
  async function startAdding(page: Page, title: string): Promise<{ form: Locator; editable: Locator }> {
    await page.getByRole('button', { name: 'Add help' }).click();
    const form = page.locator(`${PANEL} form`);
    await form.getByLabel('Field').selectOption('barcode');
    await form.getByLabel('Title').fill(title);
    // The text area labelled "Text" is there at once; the editor replaces it when its file has loaded.
    await form.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    const editable = form.getByRole('textbox', { name: 'Text', exact: true });
    await editable.click();
    return { form, editable };
  }

  /** Saves the form; returns the HTML the editor held (the form's submitted value) and the stored row. */
  async function save(page: Page, form: Locator): Promise<{ submitted: string; stored: Help }> {
    const submitted = await form.locator('textarea[name=help_text]').inputValue();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.locator(`${ENTRY}[data-question-name=barcode]`).waitFor();
    return { submitted, stored: await helps().findOneByOrFail({ question_name: 'barcode' }) };
  }

  async function reloadedEntryText(page: Page): Promise<Locator> {
    await page.reload();
    await page.click(TOGGLE);
    const text = page.locator(`${ENTRY}[data-question-name=barcode] .widgetlib-palette__text`);
    await text.waitFor();
    return text;
  }

  it('keeps every allowed format typed with the toolbar and the shortcuts through save and reload', async () => {
    const { page } = await openPanelPage();
    const { form } = await startAdding(page, 'Formats');
    const { keyboard } = page;
    const toolbar = form.getByRole('toolbar', { name: 'Formatting' });
    const button = (name: string) => toolbar.getByRole('button', { name, exact: true });

    await keyboard.press('Control+Alt+2');
    await keyboard.type('Barcode');
    await keyboard.press('Enter');
    await keyboard.type('Scan the ');
    await keyboard.press('Control+b');
    expect(await button('Bold').getAttribute('aria-pressed')).toBe('true');
    await keyboard.type('bold');
    await keyboard.press('Control+b');
    await keyboard.type(' and ');
    await button('Italic').click();
    await keyboard.type('italic');
    await keyboard.press('Control+i');
    await keyboard.type(' parts with ');
    await keyboard.press('Control+e');
    await keyboard.type('npm test');
    await keyboard.press('Control+e');
    await keyboard.type(', see ');
    // The link prompt refuses a javascript: address with a message, then takes an https one.
    await keyboard.press('Control+k');
    const linkPrompt = form.getByRole('group', { name: 'Link' });
    await linkPrompt.getByLabel('Address (URL)').fill('javascript:alert(1)');
    await keyboard.press('Enter');
    expect(await linkPrompt.getByRole('alert').textContent()).toBe(
      'A link must be an http, https or mailto address, or a relative one.',
    );
    await linkPrompt.getByLabel('Address (URL)').fill('https://example.com/ean');
    await keyboard.press('Enter');
    await linkPrompt.waitFor({ state: 'detached' });
    await keyboard.type('.');
    await keyboard.press('Enter');

    await button('Heading 3').click();
    await keyboard.type('Lists');
    await keyboard.press('Enter');
    await button('Bulleted list').click();
    await keyboard.type('One');
    await keyboard.press('Enter');
    await keyboard.type('Two');
    await keyboard.press('Enter');
    await keyboard.press('Enter');
    await keyboard.press('Control+Shift+7');
    await keyboard.type('First');
    await keyboard.press('Enter');
    await keyboard.press('Enter');

    await button('Code block').click();
    await keyboard.type('const a = 1;');
    await keyboard.press('Enter');
    await keyboard.type('const b = 2;');
    // Three Enters at the end leave a code block.
    await keyboard.press('Enter');
    await keyboard.press('Enter');
    await keyboard.press('Enter');

    await button('Image').click();
    const imagePrompt = form.getByRole('group', { name: 'Image' });
    await imagePrompt.getByLabel('Address (URL)').fill('data:image/png;base64,iVBORw0KGgo=');
    await imagePrompt.getByRole('button', { name: 'Insert' }).click();
    expect(await imagePrompt.getByRole('alert').textContent()).toBe(
      'An image must be an http or https address, or a relative one.',
    );
    await imagePrompt.getByLabel('Address (URL)').fill('https://example.com/ean.png');
    await imagePrompt.getByLabel('Description (alternative text)').fill('EAN bars');
    await imagePrompt.getByRole('button', { name: 'Insert' }).click();
    await imagePrompt.waitFor({ state: 'detached' });
    await keyboard.type(' The bars.');
    await keyboard.press('Enter');

    await button('Insert table').click();
    await keyboard.type('Digits');
    await keyboard.press('Tab');
    await keyboard.type('Meaning');
    await keyboard.press('Tab');
    await keyboard.type('13');
    await keyboard.press('Tab');
    await keyboard.type('EAN-13');
    await button('Add table row').click();
    await keyboard.press('Tab');
    await keyboard.type('8');

    const { submitted, stored } = await save(page, form);
    // What the author saw is what was stored: the server's sanitiser changed nothing.
    expect(await reserialised(page, stored.help_text)).toBe(submitted);
    expect(submitted).toBe(
      '<h2>Barcode</h2>' +
        '<p>Scan the <strong>bold</strong> and <em>italic</em> parts with <code>npm test</code>, see ' +
        '<a href="https://example.com/ean">https://example.com/ean</a>.</p>' +
        '<h3>Lists</h3>' +
        '<ul><li><p>One</p></li><li><p>Two</p></li></ul>' +
        '<ol><li><p>First</p></li></ol>' +
        '<pre><code>const a = 1;\nconst b = 2;</code></pre>' +
        '<p><img src="https://example.com/ean.png" alt="EAN bars"> The bars.</p>' +
        '<table><tbody>' +
        '<tr><th><p>Digits</p></th><th><p>Meaning</p></th></tr>' +
        '<tr><td><p>13</p></td><td><p>EAN-13</p></td></tr>' +
        '<tr><td><p>8</p></td><td><p></p></td></tr>' +
        '</tbody></table>',
    );

    const text = await reloadedEntryText(page);
    expect(await text.locator('h2').textContent()).toBe('Barcode');
    expect(await text.locator('h3').textContent()).toBe('Lists');
    expect(await text.locator('strong').textContent()).toBe('bold');
    expect(await text.locator('em').textContent()).toBe('italic');
    expect(await text.locator('p > code').textContent()).toBe('npm test');
    expect(await text.locator('a').getAttribute('href')).toBe('https://example.com/ean');
    expect(await text.locator('ul > li').allTextContents()).toEqual(['One', 'Two']);
    expect(await text.locator('ol > li').allTextContents()).toEqual(['First']);
    expect(await text.locator('pre > code').textContent()).toBe('const a = 1;\nconst b = 2;');
    expect(await text.locator('img').getAttribute('src')).toBe('https://example.com/ean.png');
    expect(await text.locator('img').getAttribute('alt')).toBe('EAN bars');
    expect(await text.locator('th').allTextContents()).toEqual(['Digits', 'Meaning']);
    expect(await text.locator('td').allTextContents()).toEqual(['13', 'EAN-13', '8', '']);

    // Editing it again shows the same formats in the editor.
    await page.getByRole('button', { name: 'Edit help “Formats”' }).click();
    const editForm = page.locator(`${ENTRY}[data-question-name=barcode] form`);
    await editForm.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    const editable = editForm.getByRole('textbox', { name: 'Text' });
    expect(await editable.locator('h2, h3, strong, em, code, a, ul, ol, pre, img[src], table').count()).toBe(12);
  });

  it('stores pasted hostile HTML sanitised and shows it inert', async () => {
    const { page } = await openPanelPage();
    const { form, editable } = await startAdding(page, 'Pasted');
    const payloads = [
      ...HOSTILE_HELP_HTML,
      `<p>Safe part</p><img src=x onerror="window.__widgetlibPwned='text'">`,
      `<a href="javascript:window.__widgetlibPwned='link'">a link</a>`,
    ];
    // Pasted the way a browser pastes: a ClipboardEvent with text/html, which the editor parses.
    await editable.evaluate((element, htmls) => {
      for (const html of htmls) {
        const data = new DataTransfer();
        data.setData('text/html', html);
        data.setData('text/plain', html);
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }
    }, payloads);
    expect(await form.locator('textarea[name=help_text]').inputValue()).toContain('Safe part');

    const { submitted, stored } = await save(page, form);
    expect(await reserialised(page, stored.help_text)).toBe(submitted);
    expect(stored.help_text).toContain('Safe part');
    const storedElements = await elementsOf(page, stored.help_text);
    expect(forbiddenParts(storedElements)).toEqual([]);
    const attributes = storedElements.flatMap((element) => element.attributes);
    expect(attributes.filter(([name]) => name.startsWith('on'))).toEqual([]);
    expect(attributes.filter(([, value]) => /script:/i.test(value.replace(/[\s\u0000-\u001f]/g, '')))).toEqual([]);

    const text = await reloadedEntryText(page);
    const shown = await text.evaluate((root) =>
      Array.from(root.querySelectorAll('*'), (element) => ({
        tag: element.localName,
        namespace: element.namespaceURI,
        attributes: Array.from(element.attributes, (attribute) => [attribute.name, attribute.value] as const),
      })),
    );
    expect(forbiddenParts(shown)).toEqual([]);
    expect(await page.evaluate(() => (window as { __widgetlibPwned?: string }).__widgetlibPwned)).toBeUndefined();
  });

  it('loads the editor file only when a form opens, once', async () => {
    const { page, editorRequests } = await openPanelPage();
    await page.getByRole('searchbox').fill('year');
    await page.waitForLoadState('networkidle');
    expect(editorRequests).toEqual([]);

    await page.getByRole('button', { name: 'Add help' }).click();
    await page.locator(PANEL).getByRole('toolbar', { name: 'Formatting' }).waitFor();
    expect(editorRequests).toEqual([`${app.baseUrl}/help-panel-fixture/widgetlib.editor.min.js`]);

    await page.locator(PANEL).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit help “Release year”' }).click();
    await page.locator(PANEL).getByRole('toolbar', { name: 'Formatting' }).waitFor();
    const editable = page.locator(PANEL).getByRole('textbox', { name: 'Text', exact: true });
    expect(await editable.innerHTML()).toBe('<p>Four digits.</p>');
    expect(editorRequests).toHaveLength(1);
  });

  it('keeps a plain HTML field, with what was typed, when the editor cannot be loaded', async () => {
    const { page } = await openPanelPage();
    await page.route(EDITOR_FILE, (route) => route.fulfill({ status: 404, body: 'not here' }));
    pageErrors.length = 0;
    await page.getByRole('button', { name: 'Add help' }).click();
    const form = page.locator(`${PANEL} form`);
    await form.getByText('The editor could not be loaded; the text is edited as HTML.').waitFor();
    await form.getByLabel('Field').selectOption('barcode');
    await form.getByLabel('Title').fill('Plain');
    await form.getByLabel('Text', { exact: true }).fill('<p>Typed <strong>as HTML</strong></p>');
    const { stored } = await save(page, form);
    expect(stored.help_text).toBe('<p>Typed <strong>as HTML</strong></p>');
  });

  it('moves through the toolbar with the arrow keys and switches to the HTML source and back', async () => {
    const { page } = await openPanelPage();
    const { form, editable } = await startAdding(page, 'Keyboard');
    await page.keyboard.type('Hello');
    await form.getByLabel('Title').focus();
    // One tab stop for the toolbar, then the editable region.
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(await focused()).toBe('Bold');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Italic');
    await page.keyboard.press('End');
    expect(await focused()).toBe('HTML source');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Bold');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('HTML source');
    expect(
      await form
        .getByRole('toolbar')
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((b) => b.tabIndex).filter((i) => i === 0).length),
    ).toBe(1);
    expect(await editable.getAttribute('aria-labelledby')).toBe(
      await form.locator('label', { hasText: /^Text$/ }).getAttribute('id'),
    );

    // The source view is the form's text area; back in the editor, the HTML goes through its schema.
    await page.keyboard.press('Enter');
    const source = form.locator('textarea[name=help_text]');
    expect(await source.inputValue()).toBe('<p>Hello</p>');
    await source.fill('<p onclick="alert(1)">Hi <u>there</u> <span style="color:red">red</span></p><h4>Four</h4>');
    await form.getByRole('button', { name: 'HTML source' }).click();
    expect(await form.getByRole('button', { name: 'HTML source' }).getAttribute('aria-pressed')).toBe('false');
    expect(await editable.innerHTML()).toBe('<p>Hi there red</p><h4>Four</h4>');
    const { stored } = await save(page, form);
    expect(stored.help_text).toBe('<p>Hi there red</p><h4>Four</h4>');
  });

  it('refuses a text whose HTML is longer than the server accepts, keeping it in the form', async () => {
    const { page } = await openPanelPage();
    const { form, editable } = await startAdding(page, 'Long');
    await form.getByRole('button', { name: 'HTML source' }).click();
    // Within the text area's maxlength as typed; the editor writes <strong> for each <b>: longer than allowed.
    const source = '<b>x</b> '.repeat(11_000);
    expect(source.length).toBeLessThan(HELP_TEXT_MAX_LENGTH);
    await form.locator('textarea[name=help_text]').fill(source);
    await form.getByRole('button', { name: 'HTML source' }).click();
    const html = await form.locator('textarea[name=help_text]').inputValue();
    expect(html.length).toBeGreaterThan(HELP_TEXT_MAX_LENGTH);
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await form.getByRole('alert').textContent()).toBe(
      `The text is too long: its HTML has ${html.length} characters, at most ${HELP_TEXT_MAX_LENGTH} are allowed.`,
    );
    expect(await editable.locator('strong').count()).toBe(11_000);
    expect(await helps().countBy({ question_name: 'barcode' })).toBe(0);
  });
});
