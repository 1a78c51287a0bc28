import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { HOSTILE_URLS, LEGITIMATE_URLS } from '@widgetlib/test-support/url.corpus.js';
import { startChromium, type ChromiumSession } from '../../../scripts/chromium.mjs';
import { bundleClient } from './support/client-bundle.js';

const RENDERERS = ['showlink', 'downloadlink', 'objshowlink'] as const;
type RendererName = (typeof RENDERERS)[number];

interface RenderedLink {
  url: string;
  renderer: RendererName;
  /** `href` of each anchor the renderer wrote, as Chromium resolves it against the page. */
  hrefs: string[];
}

/** A page with the client's `<script>` bundle, served from 127.0.0.1. */
async function startPageServer(): Promise<{ server: Server; baseUrl: string }> {
  const bundle = await bundleClient();
  const page =
    '<!doctype html><html><head><meta charset="utf-8"><title>Links</title></head><body><table><tbody id="cells"></tbody></table><script src="/widgetlib.js"></script></body></html>';
  const server = createServer((request, response) => {
    const [type, body] = request.url === '/widgetlib.js' ? ['text/javascript', bundle] : ['text/html', page];
    response.writeHead(200, { 'Content-Type': `${type}; charset=utf-8` });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Each URL through each link renderer, as DataTables calls it for display, put into a table cell. */
function renderInPage(page: Page, urls: readonly string[]): Promise<RenderedLink[]> {
  return page.evaluate(
    ({ urls, renderers }) => {
      const cells = document.getElementById('cells') as HTMLTableSectionElement;
      return urls.flatMap((url) =>
        renderers.map((renderer) => {
          const data = renderer === 'objshowlink' ? { url, display_name: 'Link', target: '_blank' } : url;
          const row = cells.insertRow();
          row.insertCell().innerHTML = String(window.widgetlib[renderer](data, 'display', {}, { row: 0, col: 0 }));
          return { url, renderer, hrefs: [...row.querySelectorAll('a')].map((anchor) => anchor.href) };
        }),
      );
    },
    { urls, renderers: RENDERERS },
  );
}

describe('link renderers in Chromium', () => {
  let server: Server;
  let baseUrl: string;
  let chromium: ChromiumSession;
  let page: Page;

  beforeAll(async () => {
    [{ server, baseUrl }, chromium] = await Promise.all([startPageServer(), startChromium()]);
    page = await (await chromium.newContext()).newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction(() => typeof window.widgetlib?.showlink === 'function');
  });

  afterAll(async () => {
    await chromium?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('never write a link that Chromium resolves to another host, whatever the slashes, backslashes or controls', async () => {
    const pageHost = new URL(baseUrl).host;
    const rendered = await renderInPage(page, HOSTILE_URLS);
    expect(rendered).toHaveLength(HOSTILE_URLS.length * RENDERERS.length);
    const elsewhere = rendered.filter(({ hrefs }) => hrefs.some((href) => new URL(href).host !== pageHost));
    expect(elsewhere).toEqual([]);
    // The shared rule refuses every one of them: no link at all.
    expect(rendered.filter(({ hrefs }) => hrefs.length > 0)).toEqual([]);
  });

  it('link http, https, mailto and relative URLs where they point', async () => {
    const rendered = await renderInPage(page, LEGITIMATE_URLS);
    expect(rendered).toEqual(
      LEGITIMATE_URLS.flatMap((url) =>
        RENDERERS.map((renderer) => ({ url, renderer, hrefs: [new URL(url, `${baseUrl}/`).href] })),
      ),
    );
  });
});
